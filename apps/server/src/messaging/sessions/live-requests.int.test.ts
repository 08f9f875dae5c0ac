import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminSession } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { asCompany, buildConnection, eventually, uniquePhone } from '../../../test/messaging-fixtures';
import { connectionWhen, createConnection } from '../../modules/whatsapps/whatsapps.fixtures';

// Two nodes on one database. Sessions start only where they are asked for (no autostart), so the node that
// creates a connection owns its session and the other one must reach it through the owner.
const LEASE_MS = 3000;
let owner: TestServer;
let other: TestServer;
const nodeEnv = (name: string) => ({
  NODE_ID: `live-${name}-${process.pid}-${Date.now().toString(36)}`,
  SESSION_LEASE_MS: String(LEASE_MS),
  SIMULATOR_ACK_MS: '40,80',
});

beforeAll(async () => {
  owner = await startTestServer(nodeEnv('owner'));
  other = await startTestServer(nodeEnv('other'));
  await owner.listen();
  await other.listen();
});
afterAll(async () => {
  await other?.close();
  await owner?.close();
});

/** A Brazilian mobile typed without its ninth digit, and the form WhatsApp knows. */
function mobileWithoutNinthDigit() {
  const known = uniquePhone();
  const typed = `${known.slice(0, 4)}${known.slice(5)}`;
  return { typed, known: `${typed.slice(0, 4)}9${typed.slice(4)}` };
}

async function simulatorOwnedByFirstNode() {
  const session = await buildAdminSession(owner);
  const connection = await createConnection(owner, session.token, { provider: 'simulator' });
  await connectionWhen(owner, session.token, connection.id, (c) => c.status === 'qrcode');
  await other.call('POST', `/simulator/connections/${connection.id}/scan`, { token: session.token });
  await connectionWhen(other, session.token, connection.id, (c) => c.status === 'CONNECTED');
  expect(owner.messaging.sessions.local(connection.id)).toBeDefined();
  expect(other.messaging.sessions.local(connection.id)).toBeUndefined();
  const outbox = async (to: string) =>
    (
      await other.call('GET', `/simulator/connections/${connection.id}/outbox?to=${to}`, {
        token: session.token,
      })
    ).body as Array<{ externalId: string; body: string; isDeleted: boolean }>;
  return { ...session, connection, outbox };
}

const apiSend = (server: TestServer, token: string, body: unknown) =>
  server.call('POST', '/api/messages/send', { headers: { authorization: `Bearer ${token}` }, body });

const pendingRequests = (companyId: number) =>
  asCompany(owner, companyId, (tx) => tx.selectFrom('sessionRequests').selectAll().execute());

describe('live-session operations asked on a node that does not own the session', () => {
  it('checks numbers, sends through the external API, deletes for everyone and imports the phone book through the owner', async () => {
    const { company, token, connection, outbox } = await simulatorOwnedByFirstNode();

    // POST /contacts on the other node: the owner's session normalises the number.
    const contactPhone = mobileWithoutNinthDigit();
    const created = await other.call('POST', '/contacts', {
      token,
      body: { name: 'Cliente Remoto', number: contactPhone.typed, email: '' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.number).toBe(contactPhone.known);

    // The external API answered by the other node; the owner sends.
    const apiPhone = mobileWithoutNinthDigit();
    const sent = await apiSend(other, connection.token ?? '', {
      number: apiPhone.typed,
      body: 'Pedido enviado',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [delivered] = await eventually(async () => {
      const received = await outbox(apiPhone.known);
      return received.length > 0 ? received : undefined;
    });
    expect(delivered?.body).toBe('Pedido enviado');

    // DELETE on the other node: gone from the customer's phone, marked deleted here.
    const message = await eventually(() =>
      asCompany(owner, company.id, (tx) =>
        tx
          .selectFrom('messages')
          .where('wid', '=', delivered?.externalId ?? '')
          .select(['id', 'isDeleted'])
          .executeTakeFirst(),
      ),
    );
    const deleted = await other.call('DELETE', `/messages/${message.id}`, { token });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await outbox(apiPhone.known))[0]?.isDeleted).toBe(true);

    // WhatsApp's refusal on the owner reaches the agent on the other node, and nothing is marked.
    const second = await apiSend(other, connection.token ?? '', { number: apiPhone.known, body: 'Outro' });
    expect(second.status).toBe(200);
    const unknown = await eventually(() =>
      asCompany(owner, company.id, (tx) =>
        tx
          .selectFrom('messages')
          .where('body', '=', 'Outro')
          .where('wid', 'is not', null)
          .select('id')
          .executeTakeFirst(),
      ),
    );
    await asCompany(owner, company.id, (tx) =>
      tx.updateTable('messages').set({ wid: 'NOT-ON-THE-PHONE' }).where('id', '=', unknown.id).execute(),
    );
    const refused = await other.call('DELETE', `/messages/${unknown.id}`, { token });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('ERR_DELETE_WAPP_MSG');

    // The phone's contacts, shared with the owner when the phone was linked, import from the other node too.
    const imported = await eventually(async () => {
      const answer = await other.call('POST', '/contacts/import', { token });
      return answer.status === 200 && answer.body.count > 0 ? answer.body : undefined;
    });
    expect(imported.count).toBe(3);

    // The profile picture address, as the picture job on any worker asks for it.
    const picture = await other.messaging.sessions.profilePictureUrl(
      company.id,
      connection.id,
      apiPhone.known,
    );
    expect(picture).toMatch(new RegExp(`/public/simulator/avatars/${apiPhone.known}\\.png$`));

    expect(await pendingRequests(company.id)).toEqual([]);
  });

  it('answers ERR_WAPP_NOT_INITIALIZED when no node runs the session, ERR_WAPP_SESSION_TIMEOUT when its owner is silent', async () => {
    const { company } = await buildAdminSession(other);
    const connection = await buildConnection(other, company);
    const phone = uniquePhone();

    const nobody = await apiSend(other, connection.token, { number: phone, body: 'Olá' });
    expect(nobody.status).toBe(400);
    expect(nobody.body.error).toBe('ERR_WAPP_NOT_INITIALIZED');

    // A node holds the lease but never answers (hung, or cut off from the database's notifications).
    await owner.ctx.scopes.asSystem((tx) =>
      tx.db
        .insertInto('leases')
        .values({
          resource: `whatsapp:${connection.id}`,
          owner: 'silent-node',
          expiresAt: new Date(Date.now() + 60_000),
        })
        .execute(),
    );
    try {
      const began = Date.now();
      const silent = await apiSend(other, connection.token, { number: phone, body: 'Olá' });
      expect(silent.status).toBe(400);
      expect(silent.body.error).toBe('ERR_WAPP_SESSION_TIMEOUT');
      expect(Date.now() - began).toBeGreaterThanOrEqual(LEASE_MS - 50);
      expect(await pendingRequests(company.id)).toEqual([]);
      const stored = await asCompany(other, company.id, (tx) =>
        tx.selectFrom('contacts').where('number', '=', phone).select('id').executeTakeFirst(),
      );
      expect(stored).toBeUndefined();
    } finally {
      await owner.ctx.scopes.asSystem((tx) =>
        tx.db.deleteFrom('leases').where('resource', '=', `whatsapp:${connection.id}`).execute(),
      );
    }
  });
});
