import { ContactUploadRows, routes } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import { readUpload } from '../../platform/http/media-upload';
import { parseInput } from '../../platform/http/validation';
import type { SessionControl } from '../whatsapps';
import { contactsCsv } from './contacts-csv';
import { uploadContacts } from './contacts-upload';
import {
  createContact,
  deleteContact,
  findOrCreateContact,
  listAllContacts,
  listContacts,
  showContact,
  updateContact,
  type ContactsEnv,
} from './contacts.service';
import { createNumberCheck } from './number-check';
import { importPhoneContacts } from './phone-import';
import { readSheetRows } from './upload-sheet';

/** Contacts (spec 2 sections 2, 3 and 7; server-behaviour 11). */
export function registerContactsRoutes(ctx: AppContext, sessions: SessionControl): void {
  const env: ContactsEnv = { ctx, checkNumber: createNumberCheck(ctx, sessions) };
  const r = routes.contacts;
  ctx.bind(r.list, ({ scope, query }) => listContacts(ctx, scope, query));
  ctx.bind(r.listAll, ({ actor, query }) => listAllContacts(ctx, actor, query.companyId));
  ctx.bind(r.exportCsv, async ({ scope, reply }) => {
    const csv = await contactsCsv(scope);
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', 'attachment; filename="contatos.csv"');
    return reply.send(csv);
  });
  ctx.bind(r.get, ({ scope, params }) => showContact(ctx, scope, params.id));
  ctx.bind(r.create, ({ scope, body }) => createContact(env, scope, body));
  ctx.bind(r.update, ({ scope, params, body }) => updateContact(env, scope, params.id, body));
  ctx.bind(r.remove, ({ scope, params }) => deleteContact(ctx, scope, params.id));
  // The browser posts the rows it read; a client may send the .xlsx itself instead.
  ctx.bind(r.upload, async ({ scope, request }) => {
    const rows = request.isMultipart()
      ? await readSheetRows(await readUpload(request))
      : parseInput(ContactUploadRows, request.body);
    return uploadContacts(env, scope, rows);
  });
  ctx.bind(r.importPhone, ({ scope }) => importPhoneContacts(env, scope));
  ctx.bind(r.findOrCreate, ({ scope, query }) => findOrCreateContact(ctx, scope, query));
}
