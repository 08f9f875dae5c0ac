import {
  pageSizes,
  type ContactListItemInput,
  type ContactListItemView,
  type ListContactListItemsAnswer,
  type ListContactListItemsQuery,
  type UpdateContactListItemInput,
} from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import type { TenantScope, TenantTx } from '../../platform/tenancy';
import { assertCampaignsEnabled } from '../settings';
import { contactListItemChanged } from './contact-lists.events';
import { presentContactListItem } from './contact-lists.presenter';
import { getContactList } from './contact-lists.repository';
import {
  deleteItemRow,
  findOrCreateItems,
  getItem,
  listItems,
  pageItems,
  updateItemRow,
} from './contact-list-items.repository';
import { queueItemsCheck } from './jobs/items-check.job';
import { csvCell } from '../contacts';

/** A page of a list's items (the list must be the company's: another company's id answers 404). */
export function listContactListItems(
  scope: TenantScope,
  query: ListContactListItemsQuery,
): Promise<ListContactListItemsAnswer> {
  const limit = pageSizes.default;
  const offset = (query.pageNumber - 1) * limit;
  return scope.run(async (tx) => {
    await assertCampaignsEnabled(tx);
    await getContactList(tx, query.contactListId);
    const { rows, count } = await pageItems(tx, {
      contactListId: query.contactListId,
      search: query.searchParam,
      limit,
      offset,
    });
    return { contacts: rows.map(presentContactListItem), count, hasMore: offset + rows.length < count };
  });
}

export function showContactListItem(scope: TenantScope, id: number): Promise<ContactListItemView> {
  return scope.run(async (tx) => {
    await assertCampaignsEnabled(tx);
    return presentContactListItem(await getItem(tx, id));
  });
}

async function afterWrite(ctx: AppContext, tx: TenantTx, contactListId: number): Promise<void> {
  const companyId = tx.companyId;
  tx.afterCommit(() =>
    queueItemsCheck(ctx, companyId, contactListId).catch((error: unknown) =>
      ctx.log.error({ err: error, companyId, contactListId }, 'list item check not queued'),
    ),
  );
}

/** Find-or-create on (list, number); a new item is then checked on WhatsApp in the background. */
export function createContactListItem(
  ctx: AppContext,
  scope: TenantScope,
  input: ContactListItemInput,
): Promise<ContactListItemView> {
  return scope.run(async (tx) => {
    await assertCampaignsEnabled(tx);
    await getContactList(tx, input.contactListId);
    const { contactListId, ...fields } = input;
    const { rows, createdIds } = await findOrCreateItems(tx, contactListId, [fields]);
    const row = rows[0];
    if (!row) throw new AppError('ERR_INTERNAL_SERVER_ERROR', 'list item not stored');
    const item = presentContactListItem(row);
    if (createdIds.has(row.id)) {
      contactListItemChanged(ctx.realtime, tx, { action: 'create', record: item }, contactListId);
      await afterWrite(ctx, tx, contactListId);
    }
    return item;
  });
}

/** Edits an item; a changed number is checked again. */
export function updateContactListItem(
  ctx: AppContext,
  scope: TenantScope,
  id: number,
  input: UpdateContactListItemInput,
): Promise<ContactListItemView> {
  return scope.run(async (tx) => {
    await assertCampaignsEnabled(tx);
    const before = await getItem(tx, id);
    const renumbered = before.number !== input.number;
    const row = await updateItemRow(tx, id, {
      ...input,
      ...(renumbered ? { isWhatsappValid: null } : {}),
    });
    const item = presentContactListItem(row);
    contactListItemChanged(ctx.realtime, tx, { action: 'update', record: item }, row.contactListId);
    if (renumbered) await afterWrite(ctx, tx, row.contactListId);
    return item;
  });
}

export async function deleteContactListItem(ctx: AppContext, scope: TenantScope, id: number) {
  await scope.run(async (tx) => {
    await assertCampaignsEnabled(tx);
    const row = await deleteItemRow(tx, id);
    if (!row) throw AppError.notFound();
    contactListItemChanged(ctx.realtime, tx, { action: 'delete', id }, row.contactListId);
  });
  return { message: 'Contact deleted' };
}

/** The spec's export (contatos.csv): a `name;number;email` header, one line per item by name. */
export async function contactListCsv(scope: TenantScope, contactListId: number): Promise<string> {
  const rows = await scope.run(async (tx) => {
    await assertCampaignsEnabled(tx);
    await getContactList(tx, contactListId);
    return listItems(tx, contactListId);
  });
  const lines = ['name;number;email', ...rows.map((r) => [r.name, r.number, r.email].map(csvCell).join(';'))];
  return `${lines.join('\r\n')}\r\n`;
}
