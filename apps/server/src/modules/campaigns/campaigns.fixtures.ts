import type { TestServer } from '../../../test/harness';

/** What the simulated phones received on a connection, oldest first. */
export function phonesReceived(server: TestServer, companyId: number, whatsappId: number) {
  return server.ctx.scopes
    .tenant(companyId)
    .run((tx) =>
      tx
        .selectFrom('simulatorMessages')
        .where('whatsappId', '=', whatsappId)
        .where('direction', '=', 'out')
        .select(['peer', 'type', 'body', 'mediaFileName', 'createdAt'])
        .orderBy('id')
        .execute(),
    );
}

/** Saves the campaign settings through the API; fails the test on anything but 200. */
export async function saveSettings(server: TestServer, token: string, settings: Record<string, unknown>) {
  const answer = await server.call('POST', '/campaign-settings', { token, body: { settings } });
  if (answer.status !== 200)
    throw new Error(`settings not saved: ${answer.status} ${JSON.stringify(answer.body)}`);
}

/** Reads the campaign until `check` holds, up to `timeoutMs`. */
export async function campaignWhen(
  server: TestServer,
  token: string,
  id: number,
  check: (campaign: { status: string; report: Record<string, number> }) => boolean,
  timeoutMs = 15_000,
) {
  const started = Date.now();
  for (;;) {
    const { body } = await server.call('GET', `/campaigns/${id}`, { token });
    if (check(body)) return body;
    if (Date.now() - started > timeoutMs)
      throw new Error(`campaign ${id} never matched; last ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
