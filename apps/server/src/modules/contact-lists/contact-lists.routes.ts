import { routes } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import { readUpload } from '../../platform/http/media-upload';
import {
  contactListCsv,
  createContactListItem,
  deleteContactListItem,
  listContactListItems,
  showContactListItem,
  updateContactListItem,
} from './contact-list-items.service';
import {
  createContactList,
  deleteContactList,
  listAllContactLists,
  listContactLists,
  showContactList,
  updateContactList,
} from './contact-lists.service';
import { importListItems } from './items-import';
import { readListSheet } from './items-sheet';

/** Contact lists and their items (spec 2 sections 2, 3, 5 and 7; server-behaviour 11). */
export function registerContactListsRoutes(ctx: AppContext): void {
  const lists = routes.contactLists;
  ctx.bind(lists.list, ({ scope, query }) => listContactLists(scope, query));
  ctx.bind(lists.listAll, ({ scope }) => listAllContactLists(scope));
  ctx.bind(lists.get, ({ scope, params }) => showContactList(scope, params.id));
  ctx.bind(lists.create, ({ scope, body }) => createContactList(ctx, scope, body));
  ctx.bind(lists.update, ({ scope, params, body }) => updateContactList(ctx, scope, params.id, body));
  ctx.bind(lists.remove, ({ scope, params }) => deleteContactList(ctx, scope, params.id));
  ctx.bind(lists.upload, async ({ scope, params, request }) => {
    const items = await readListSheet(await readUpload(request));
    return importListItems(ctx, scope, params.id, items);
  });
  ctx.bind(lists.exportCsv, async ({ scope, params, reply }) => {
    const csv = await contactListCsv(scope, params.id);
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', 'attachment; filename="contatos.csv"');
    return reply.send(csv);
  });

  const items = routes.contactListItems;
  ctx.bind(items.list, ({ scope, query }) => listContactListItems(scope, query));
  ctx.bind(items.get, ({ scope, params }) => showContactListItem(scope, params.id));
  ctx.bind(items.create, ({ scope, body }) => createContactListItem(ctx, scope, body));
  ctx.bind(items.update, ({ scope, params, body }) => updateContactListItem(ctx, scope, params.id, body));
  ctx.bind(items.remove, ({ scope, params }) => deleteContactListItem(ctx, scope, params.id));
}
