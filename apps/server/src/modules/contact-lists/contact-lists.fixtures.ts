import type { TestServer } from '../../../test/harness';
import { connectionWhen, createConnection } from '../whatsapps/whatsapps.fixtures';

/** A simulator connection of the caller's company, scanned and CONNECTED. */
export async function connectedSimulator(
  server: TestServer,
  token: string,
): Promise<{ id: number; name: string }> {
  const connection = await createConnection(server, token, { provider: 'simulator' });
  await connectionWhen(server, token, connection.id, (c) => c.status === 'qrcode');
  const scan = await server.call('POST', `/simulator/connections/${connection.id}/scan`, { token });
  if (scan.status !== 200) throw new Error(`scan failed: ${scan.status} ${JSON.stringify(scan.body)}`);
  await connectionWhen(server, token, connection.id, (c) => c.status === 'CONNECTED');
  return { id: connection.id, name: connection.name };
}

/** A contact list with the given items, stored directly (already checked: valid unless said otherwise). */
export async function buildContactList(
  server: TestServer,
  companyId: number,
  items: Array<{ name: string; number: string; email?: string; isWhatsappValid?: boolean | null }>,
  name = `List ${Date.now().toString(36)}`,
): Promise<{ id: number; name: string }> {
  return server.ctx.scopes.tenant(companyId).run(async (tx) => {
    const list = await tx
      .insertInto('contactLists')
      .values({ companyId, name })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    if (items.length > 0) {
      await tx
        .insertInto('contactListItems')
        .values(
          items.map((item) => ({
            companyId,
            contactListId: list.id,
            name: item.name,
            number: item.number,
            email: item.email ?? '',
            isWhatsappValid: item.isWhatsappValid === undefined ? true : item.isWhatsappValid,
          })),
        )
        .execute();
    }
    return list;
  });
}
