import type { TenantTx } from '../../platform/tenancy';
import type { ContactRow } from './contacts.presenter';

export interface ContactUpsertInput {
  /** Phone digits, or a group id without `@g.us`. */
  number: string;
  /** The WhatsApp profile name; absent for our own messages and API sends (the number is used when new). */
  profileName?: string;
  whatsappId: number;
  lid?: string;
  isGroup?: boolean;
}

export interface ContactUpsertResult {
  contact: ContactRow;
  /** `created` or `updated` when a `-contact` event is due; null when nothing changed. */
  change: 'created' | 'updated' | null;
}

/**
 * Finds or creates the contact on (company, number) (server-behaviour 7.2 step 4). New: name = profile name or
 * number. Existing: the name follows the profile unless staff edited it, the connection is filled if empty, and a
 * newly learnt LID is kept. Safe under concurrency: the unique key decides, never a read-then-write race.
 */
export async function upsertContact(
  tx: TenantTx,
  input: ContactUpsertInput,
  /** The contact on this number as read earlier in the same transaction (null: none), to skip reading it. */
  known?: ContactRow | null,
): Promise<ContactUpsertResult> {
  const profileName = input.profileName?.trim() || undefined;
  const existing = known === undefined ? await findByNumber(tx, input.number) : (known ?? undefined);
  if (!existing) {
    const created = await tx
      .insertInto('contacts')
      .values({
        companyId: tx.companyId,
        number: input.number,
        name: profileName ?? input.number,
        whatsappId: input.whatsappId,
        lid: input.lid ?? null,
        isGroup: input.isGroup ?? false,
      })
      .onConflict((oc) => oc.columns(['companyId', 'number']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (created) return { contact: created, change: 'created' };
    const raced = await findByNumber(tx, input.number);
    if (!raced) throw new Error(`contact ${input.number} vanished during upsert`);
    return refresh(tx, raced, input, profileName);
  }
  return refresh(tx, existing, input, profileName);
}

async function refresh(
  tx: TenantTx,
  contact: ContactRow,
  input: ContactUpsertInput,
  profileName: string | undefined,
): Promise<ContactUpsertResult> {
  const patch: { name?: string; whatsappId?: number; lid?: string } = {};
  if (profileName && !contact.nameEditedByUser && profileName !== contact.name) patch.name = profileName;
  if (contact.whatsappId === null) patch.whatsappId = input.whatsappId;
  if (input.lid && input.lid !== contact.lid) patch.lid = input.lid;
  if (Object.keys(patch).length === 0) return { contact, change: null };
  const updated = await tx
    .updateTable('contacts')
    .set({ ...patch, updatedAt: new Date() })
    .where('id', '=', contact.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { contact: updated, change: 'updated' };
}

function findByNumber(tx: TenantTx, number: string): Promise<ContactRow | undefined> {
  return tx.selectFrom('contacts').where('number', '=', number).selectAll().executeTakeFirst();
}

/** Remembers a contact's alias id (LID) once the provider maps it to a phone number. */
export async function mapContactLid(tx: TenantTx, phone: string, lid: string): Promise<void> {
  await tx.updateTable('contacts').set({ lid, updatedAt: new Date() }).where('number', '=', phone).execute();
}
