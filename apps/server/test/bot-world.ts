import { buildAdminSession } from './factories';
import type { TestServer } from './harness';
import { eventually, uniquePhone } from './messaging-fixtures';
import { connectionWhen, createConnection } from '../src/modules/whatsapps/whatsapps.fixtures';

export const PROMPT_TEXT =
  'Você é a assistente virtual da Loja Exemplo. Responda curto, com educação e em português.';

/**
 * A company with a connected simulator connection configured by `connection` (prompt, integration, queues), and
 * a customer's phone: `say` plays a customer message, `received` reads what the phone got, `ticket` reads the
 * ticket row.
 */
export async function botWorld(
  server: TestServer,
  setup: (token: string) => Promise<Record<string, unknown>>,
  plan: { useOpenAi?: boolean; useIntegrations?: boolean } = {},
) {
  const session = await buildAdminSession(server, { plan });
  const connection = await createConnection(server, session.token, {
    provider: 'simulator',
    ...(await setup(session.token)),
  });
  await connectionWhen(server, session.token, connection.id, (c) => c.status === 'qrcode');
  await server.call('POST', `/simulator/connections/${connection.id}/scan`, { token: session.token });
  await connectionWhen(server, session.token, connection.id, (c) => c.status === 'CONNECTED');
  const phone = uniquePhone();
  const scope = server.ctx.scopes.tenant(session.company.id);
  const received = async () =>
    (
      (
        await server.call('GET', `/simulator/connections/${connection.id}/outbox?to=${phone}`, {
          token: session.token,
        })
      ).body as Array<{ body: string }>
    ).map((m) => m.body);
  const ticket = () =>
    scope.run((tx) =>
      tx
        .selectFrom('tickets')
        .innerJoin('contacts', 'contacts.id', 'tickets.contactId')
        .where('contacts.number', '=', phone)
        .selectAll('tickets')
        .executeTakeFirstOrThrow(),
    );
  return {
    ...session,
    connection,
    phone,
    scope,
    received,
    ticket,
    /** Plays a customer message and waits until it is stored. */
    async say(body: string) {
      const played = await server.call('POST', `/simulator/connections/${connection.id}/inbound`, {
        token: session.token,
        body: { from: phone, name: 'Renata Alves', body },
      });
      if (played.status !== 200)
        throw new Error(`inbound refused: ${played.status} ${JSON.stringify(played.body)}`);
      await eventually(async () => {
        const rows = await scope.run((tx) =>
          tx
            .selectFrom('messages')
            .innerJoin('contacts', 'contacts.id', 'messages.contactId')
            .where('contacts.number', '=', phone)
            .where('messages.fromMe', '=', false)
            .where('messages.body', '=', body)
            .select('messages.id')
            .execute(),
        );
        return rows.length > 0;
      });
    },
    /** Waits until the phone received `count` messages and answers them all. */
    receivedAtLeast(count: number, timeoutMs = 8000) {
      return eventually(async () => {
        const bodies = await received();
        return bodies.length >= count ? bodies : undefined;
      }, timeoutMs);
    },
    /** Waits until no bot turn of the company waits or runs. */
    settled(timeoutMs = 8000) {
      return eventually(async () => {
        const open = await scope.run((tx) =>
          tx.selectFrom('botTurns').where('status', 'in', ['pending', 'running']).select('id').execute(),
        );
        return open.length === 0;
      }, timeoutMs);
    },
  };
}
