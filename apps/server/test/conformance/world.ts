import { customerWrites, ticketWorld } from '../../src/modules/tickets/tickets.fixtures';
import { buildInvoice } from '../billing-fixtures';
import { buildCompany, buildUser, login } from '../factories';
import type { TestServer } from '../harness';
import type { Caller } from './spec-calls';

/** The numbers the spec calls write to, known to the fake WhatsApp of the world's connection. */
const KNOWN_NUMBERS = ['5511921726728', '5511933330001', '5511944440001', '5511944440002'];

let sequence = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${Date.now().toString(36)}-${++sequence}`;

/** What the spec calls run against: a company with a live (fake) connection, a ticket, and its people. */
export interface ConformanceWorld {
  bearer(caller: Caller): string | undefined;
  /** The visitor's refresh cookie (`jrt`), for POST /auth/refresh_token. */
  refreshCookie: string;
  /** A `{name}` placeholder's value; saved rows as `savedX`. */
  value(name: string): Promise<string>;
  /** Row ids by name: the world's own (ticket, ownCompany, unbuilt) and those `save`d by earlier calls. */
  saved: Map<string, number>;
}

export async function buildConformanceWorld(server: TestServer): Promise<ConformanceWorld> {
  const world = await ticketWorld(server);
  for (const number of KNOWN_NUMBERS) world.phone.registered.add(number);
  const ticket = await customerWrites(server, world, { text: 'Preciso de ajuda' });
  const superCompany = await buildCompany(server);
  const superUser = await login(
    server,
    await buildUser(server, superCompany, { profile: 'admin', super: true }),
  );
  const visitorUser = await buildUser(server, world.company);
  const visitor = await login(server, visitorUser);
  const invoice = await buildInvoice(server, world.company, { value: 49 });
  const loginUser = await buildUser(server, world.company);
  const saved = new Map<string, number>([
    ['ticket', ticket.id],
    ['ownCompany', world.company.id],
    ['invoice', invoice.id],
    // Rows of features not built yet: any id, the route itself is missing.
    ['unbuilt', 1],
  ]);
  const fixed: Record<string, string> = {
    companyId: String(world.company.id),
    adminId: String(world.admin.id),
    connectionId: String(world.connection.id),
    ticketId: String(ticket.id),
    ticketUuid: ticket.uuid,
    visitorId: String(visitorUser.id),
    invoiceId: String(invoice.id),
    ticketContactId: String(ticket.contactId),
    planId: String(world.company.planId),
    key: 'userRating',
    lang: 'en',
    loginEmail: loginUser.email,
    loginPassword: loginUser.password,
    newPassword: 'Renewed-secret1',
  };
  return {
    saved,
    refreshCookie: visitor.refreshCookie,
    bearer: (caller) =>
      ({
        admin: world.token,
        super: superUser.token,
        visitor: visitor.token,
        apiToken: world.connection.token,
        anonymous: undefined,
      })[caller],
    async value(name) {
      if (name in fixed) return fixed[name] ?? '';
      if (name === 'uniqueEmail') return `${unique('conformance')}@example.com`;
      if (name === 'uniqueName') return unique('Conformance');
      if (name === 'resetToken') return resetCodeOf(server, loginUser.email);
      const savedName = /^saved(\w)(\w*)$/.exec(name);
      const id = savedName ? saved.get(`${savedName[1]?.toLowerCase()}${savedName[2]}`) : undefined;
      if (id === undefined) throw new Error(`no value for {${name}}`);
      return String(id);
    },
  };
}

/** The code of the latest password-reset e-mail kept for the address. */
async function resetCodeOf(server: TestServer, email: string): Promise<string> {
  const mail = await server.ctx.scopes.asSystem((tx) =>
    tx.db
      .selectFrom('mailOutbox')
      .where('toAddress', '=', email)
      .orderBy('id', 'desc')
      .select('textBody')
      .executeTakeFirst(),
  );
  const code = /^\s+([A-Z2-9]{8})\s*$/m.exec(mail?.textBody ?? '')?.[1];
  if (!code) throw new Error(`no reset code e-mailed to ${email}`);
  return code;
}
