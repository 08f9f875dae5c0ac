import {
  pageSizes,
  type ContactDetailView,
  type ContactInput,
  type ContactListEntry,
  type ContactView,
  type FindContactQuery,
  type ListContactsAnswer,
  type ListContactsQuery,
} from '@zapdesk/contracts';
import type { Actor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import type { TenantScope, TenantTx } from '../../platform/tenancy';
import { contactDeleted, contactSaved } from './contacts.events';
import { presentContact, type ContactRow } from './contacts.presenter';
import {
  deleteContactRow,
  extraInfoOf,
  findContactByNumber,
  getContact,
  insertContact,
  listContactEntries,
  pageContacts,
  replaceExtraInfo,
  updateContactRow,
} from './contacts.repository';
import type { NumberCheck } from './number-check';

export interface ContactsEnv {
  ctx: AppContext;
  checkNumber: NumberCheck;
}

const view = (ctx: AppContext, row: ContactRow): ContactView => presentContact(row, ctx.config.frontendUrl);

async function detailOf(ctx: AppContext, tx: TenantTx, row: ContactRow): Promise<ContactDetailView> {
  return { ...view(ctx, row), extraInfo: await extraInfoOf(tx, row.id) };
}

/** A page (30) of the company's contacts by name; `date` is one local day, `dateStart`/`dateEnd` a range. */
export function listContacts(
  ctx: AppContext,
  scope: TenantScope,
  query: ListContactsQuery,
): Promise<ListContactsAnswer> {
  const limit = pageSizes.contacts;
  const offset = (query.pageNumber - 1) * limit;
  return scope.run(async (tx) => {
    const { rows, count } = await pageContacts(tx, {
      search: query.searchParam,
      from: query.date ?? query.dateStart,
      to: query.date ?? query.dateEnd,
      timeZone: ctx.config.timeZone,
      limit,
      offset,
    });
    return { contacts: rows.map((r) => view(ctx, r)), count, hasMore: offset + rows.length < count };
  });
}

/** Every contact of the company (a super user may name another company). */
export function listAllContacts(
  ctx: AppContext,
  actor: Actor,
  companyId?: number,
): Promise<ContactListEntry[]> {
  const scope = ctx.scopes.actingFor(actor, companyId);
  return scope.run((tx) => listContactEntries(tx));
}

export function showContact(ctx: AppContext, scope: TenantScope, id: number): Promise<ContactDetailView> {
  return scope.run(async (tx) => detailOf(ctx, tx, await getContact(tx, id)));
}

/** POST /contacts: the number is checked (and normalised) on WhatsApp when a session is live. */
export async function createContact(
  env: ContactsEnv,
  scope: TenantScope,
  input: ContactInput,
): Promise<ContactDetailView> {
  const number = await (await env.checkNumber(scope))(input.number);
  return scope.run(async (tx) => {
    const row = await insertContact(tx, { name: input.name, number, email: input.email });
    await replaceExtraInfo(tx, row.id, input.extraInfo);
    const contact = await detailOf(env.ctx, tx, row);
    contactSaved(env.ctx, tx, 'create', contact);
    return contact;
  });
}

/** PUT /contacts/:id: re-checks the number, replaces extra info; a new name is marked as edited by staff. */
export async function updateContact(
  env: ContactsEnv,
  scope: TenantScope,
  id: number,
  input: ContactInput,
): Promise<ContactDetailView> {
  await scope.run((tx) => getContact(tx, id));
  const number = await (await env.checkNumber(scope))(input.number);
  return scope.run(async (tx) => {
    const current = await getContact(tx, id);
    const renamed = current.name !== input.name;
    const row = await updateContactRow(tx, id, {
      name: input.name,
      number,
      email: input.email,
      ...(renamed ? { nameEditedByUser: true } : {}),
    });
    await replaceExtraInfo(tx, id, input.extraInfo);
    const contact = await detailOf(env.ctx, tx, row);
    contactSaved(env.ctx, tx, 'update', contact);
    return contact;
  });
}

/** Admin only (route); tickets, messages and extra info go with the contact. */
export async function deleteContact(ctx: AppContext, scope: TenantScope, id: number) {
  await scope.run(async (tx) => {
    if (!(await deleteContactRow(tx, id))) throw AppError.notFound('ERR_NO_CONTACT_FOUND');
    contactDeleted(ctx, tx, id);
  });
  return { message: 'Contact deleted' };
}

/** GET /contact?name&number (vCard "chat"): the contact with this number, created when missing. */
export function findOrCreateContact(
  ctx: AppContext,
  scope: TenantScope,
  query: FindContactQuery,
): Promise<ContactView> {
  return scope.run(async (tx) => {
    const found = await findContactByNumber(tx, query.number);
    if (found) return view(ctx, found);
    const row = await insertContact(tx, {
      name: query.name || query.number,
      number: query.number,
      email: '',
    });
    const contact = view(ctx, row);
    contactSaved(ctx, tx, 'create', contact);
    return contact;
  });
}
