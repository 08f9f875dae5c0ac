import {
  pageSizes,
  type ContactListInput,
  type ContactListView,
  type ListContactListsAnswer,
  type PagedQuery,
} from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import type { TenantScope } from '../../platform/tenancy';
import { assertCampaignsEnabled } from '../settings';
import { contactListChanged } from './contact-lists.events';
import { presentContactList } from './contact-lists.presenter';
import {
  allContactLists,
  deleteContactListRow,
  getContactList,
  insertContactList,
  pageContactLists,
  renameContactList,
} from './contact-lists.repository';

/** A page of the company's contact lists matching `searchParam`, by name, with their item counts. */
export function listContactLists(scope: TenantScope, query: PagedQuery): Promise<ListContactListsAnswer> {
  const limit = pageSizes.default;
  const offset = (query.pageNumber - 1) * limit;
  return scope.run(async (tx) => {
    await assertCampaignsEnabled(tx);
    const { rows, count } = await pageContactLists(tx, { search: query.searchParam, limit, offset });
    return { records: rows.map(presentContactList), count, hasMore: offset + rows.length < count };
  });
}

export function listAllContactLists(scope: TenantScope): Promise<ContactListView[]> {
  return scope.run(async (tx) => {
    await assertCampaignsEnabled(tx);
    return (await allContactLists(tx)).map(presentContactList);
  });
}

export function showContactList(scope: TenantScope, id: number): Promise<ContactListView> {
  return scope.run(async (tx) => {
    await assertCampaignsEnabled(tx);
    return presentContactList(await getContactList(tx, id));
  });
}

export function createContactList(
  ctx: AppContext,
  scope: TenantScope,
  input: ContactListInput,
): Promise<ContactListView> {
  return scope.run(async (tx) => {
    await assertCampaignsEnabled(tx);
    const list = presentContactList(await getContactList(tx, await insertContactList(tx, input.name)));
    contactListChanged(ctx.realtime, tx, { action: 'create', record: list });
    return list;
  });
}

export function updateContactList(
  ctx: AppContext,
  scope: TenantScope,
  id: number,
  input: ContactListInput,
): Promise<ContactListView> {
  return scope.run(async (tx) => {
    await assertCampaignsEnabled(tx);
    await renameContactList(tx, id, input.name);
    const list = presentContactList(await getContactList(tx, id));
    contactListChanged(ctx.realtime, tx, { action: 'update', record: list });
    return list;
  });
}

/** Deletes a list with its items; campaigns that used it keep their shipping rows. */
export async function deleteContactList(ctx: AppContext, scope: TenantScope, id: number) {
  await scope.run(async (tx) => {
    await assertCampaignsEnabled(tx);
    if (!(await deleteContactListRow(tx, id))) throw AppError.notFound();
    contactListChanged(ctx.realtime, tx, { action: 'delete', id });
  });
  return { message: 'Contact list deleted' };
}
