import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../platform/config/config';
import type { ProviderEvent } from '../port';
import { BetaSession } from './beta-session';
import { MemoryAuthState } from './session-harness';
import { baileysMediaDownloader, baileysSocketFactory } from './socket';

/** A local port nothing listens on: real baileys sockets fail there as they would without network. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

const sessions: BetaSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.stop()));
});

describe('beta session over real baileys sockets, WhatsApp unreachable', () => {
  it('never points at WhatsApp under the test configuration', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).waWebSocketUrl).toMatch(/^ws:\/\/127\.0\.0\.1:/);
    expect(loadConfig({ NODE_ENV: 'development' }).waWebSocketUrl).toBeUndefined();
  });

  it('stays OPENING and retries with backoff, one socket at a time, without crashing', async () => {
    const url = `ws://127.0.0.1:${await closedPort()}/ws/chat`;
    const real = baileysSocketFactory([2, 3000, 1023223821], { waWebSocketUrl: url });
    let attempts = 0;
    const events: ProviderEvent[] = [];
    const errors: unknown[] = [];
    const session = new BetaSession(
      {
        connection: { companyId: 1, whatsappId: 9, name: 'Offline', provider: 'beta', config: {} },
        hooks: {
          emit: async (event) => void events.push(event),
          log: { info: () => undefined, warn: () => undefined, error: (obj) => errors.push(obj) },
        },
        authState: new MemoryAuthState(),
      },
      {
        createSocket: (options) => {
          attempts += 1;
          return real(options);
        },
        download: baileysMediaDownloader,
      },
    );
    sessions.push(session);
    await session.start();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(attempts).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_800));
    expect(attempts).toBe(2);
    expect(events.map((e) => (e.type === 'connection.state' ? e.status : e.type))).toEqual(['OPENING']);
    expect(errors).toEqual([]);
    await session.stop();
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    expect(attempts).toBe(2);
  });
});
