import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany } from '../../../../test/factories';
import { FakeGraphServer, type FakeNumber } from '../../../../test/fake-graph-server';
import { startTestServer, type TestServer } from '../../../../test/harness';
import { eventually } from '../../../../test/messaging-fixtures';
import { createAuthState } from '../../sessions';
import { ProviderError, type ProviderEvent, type SendCommand } from '../port';
import { CloudSession } from './cloud-session';
import { SentMessages } from './sent-messages.repository';

let server: TestServer;
let graph: FakeGraphServer;
let files: string;
beforeAll(async () => {
  graph = await FakeGraphServer.start();
  server = await startTestServer({ WHATSAPP_CLOUD_BASE_URL: graph.url });
  files = await fs.mkdtemp(path.join(os.tmpdir(), 'zapdesk-cloud-'));
});
afterAll(async () => {
  await server.close();
  await graph.close();
  await fs.rm(files, { recursive: true, force: true });
});

const CUSTOMER = '5511998765432';

/** A cloud connection row and a way to open sessions on it against the fake (or another endpoint). */
async function cloudSession(options: { accessToken?: string; baseUrl?: string } = {}) {
  const company = await buildCompany(server);
  const scope = server.ctx.scopes.tenant(company.id);
  const number: FakeNumber = graph.addNumber({ displayPhoneNumber: '+1 555-078-3881' });
  const config = {
    phoneNumberId: number.phoneNumberId,
    accessToken: options.accessToken ?? number.accessToken,
    appSecret: 'secret',
    verifyToken: 'verify',
  };
  const row = await scope.run((tx) =>
    tx
      .insertInto('whatsapps')
      .values({
        companyId: company.id,
        name: 'Cloud',
        provider: 'cloud',
        providerConfig: JSON.stringify(config),
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const events: ProviderEvent[] = [];
  const open = () =>
    new CloudSession(
      {
        connection: { companyId: company.id, whatsappId: row.id, name: 'Cloud', provider: 'cloud', config },
        hooks: {
          emit: async (event) => {
            events.push(event);
          },
          log: { info: () => undefined, warn: () => undefined, error: () => undefined },
        },
        authState: createAuthState(scope, row.id),
      },
      {
        endpoint: { baseUrl: options.baseUrl ?? graph.url, version: 'v21.0' },
        sent: new SentMessages(scope, row.id),
        retry: { baseMs: 20, maxMs: 40 },
      },
    );
  const states = () => events.flatMap((e) => (e.type === 'connection.state' ? [e] : []));
  return { number, open, events, states };
}

async function storedFile(name: string, data: Buffer): Promise<string> {
  const file = path.join(files, `${Date.now()}-${name}`);
  await fs.writeFile(file, data);
  return file;
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ProviderError)) throw new Error(`expected a ProviderError, got ${String(error)}`);
  return error;
}

describe('cloud session', () => {
  it('connects with the display number, and reports the reason when Graph refuses the token', async () => {
    const good = await cloudSession();
    await good.open().start();
    expect(good.states().map((s) => s.status)).toEqual(['OPENING', 'CONNECTED']);
    expect(good.states()[1]?.number).toBe('15550783881');

    const refused = await cloudSession({ accessToken: 'expired' });
    await refused.open().start();
    expect(refused.states().at(-1)).toMatchObject({
      status: 'DISCONNECTED',
      reason: expect.stringContaining('Invalid OAuth access token'),
    });
  });

  it('keeps checking after Graph is unavailable and connects once it answers', async () => {
    const cloud = await cloudSession();
    graph.fail('phone', { status: 503, times: 2 });
    const session = cloud.open();
    await session.start();
    await eventually(async () => cloud.states().at(-1)?.status === 'CONNECTED');
    expect(cloud.states().map((s) => s.status)).toEqual(['OPENING', 'OPENING', 'OPENING', 'CONNECTED']);
    await session.stop();
  });

  it('sends a text reply once per idempotency key, even from a session opened after a restart', async () => {
    const cloud = await cloudSession();
    const command: SendCommand = {
      to: CUSTOMER,
      text: 'Pedido enviado',
      quoted: { wid: 'wamid.Q', fromMe: false, text: 'e aí?' },
    };
    const first = await cloud.open().send(command, 'message-41');
    const again = await cloud.open().send(command, 'message-41');
    expect(again.wid).toBe(first.wid);
    const sent = graph.sent.filter((m) => m.phoneNumberId === cloud.number.phoneNumberId);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: CUSTOMER,
      type: 'text',
      text: { body: 'Pedido enviado' },
      context: { message_id: 'wamid.Q' },
    });
  });

  it('uploads media and sends it by id: voice notes as ogg audio, images with caption, odd formats as documents', async () => {
    const cloud = await cloudSession();
    const session = cloud.open();
    const ogg = Buffer.from('OggS voice');
    await session.send(
      {
        to: CUSTOMER,
        media: {
          path: await storedFile('v.ogg', ogg),
          mimetype: 'audio/ogg; codecs=opus',
          fileName: 'v.ogg',
          voiceNote: true,
        },
      },
      'voice',
    );
    await session.send(
      {
        to: CUSTOMER,
        media: {
          path: await storedFile('f.png', Buffer.from('png')),
          mimetype: 'image/png',
          fileName: 'f.png',
          caption: 'a foto',
        },
      },
      'image',
    );
    await session.send(
      {
        to: CUSTOMER,
        media: {
          path: await storedFile('a.gif', Buffer.from('gif')),
          mimetype: 'image/gif',
          fileName: 'a.gif',
          caption: 'gif',
        },
      },
      'gif',
    );
    const sent = graph.sent.filter((m) => m.phoneNumberId === cloud.number.phoneNumberId);
    expect(sent.map((m) => m.type)).toEqual(['audio', 'image', 'document']);
    expect(sent[0]?.body.audio).toEqual({ id: expect.any(String) });
    expect(graph.media.get(sent[0]?.body.audio.id)).toMatchObject({ mimetype: 'audio/ogg', data: ogg });
    expect(sent[1]?.body.image).toMatchObject({ caption: 'a foto' });
    expect(sent[2]?.body.document).toMatchObject({ filename: 'a.gif', caption: 'gif' });
  });

  it('retries what may pass and gives up on what Graph refuses, with Graph’s explanation', async () => {
    const cloud = await cloudSession();
    const session = cloud.open();
    const text = (key: string) => session.send({ to: CUSTOMER, text: 'oi' }, key);

    graph.fail('messages', { status: 503 });
    expect((await failure(text('a'))).transient).toBe(true);
    graph.fail('messages', { status: 429, code: 130429, message: 'Rate limit hit' });
    expect((await failure(text('b'))).transient).toBe(true);
    graph.fail('messages', {
      status: 400,
      code: 131030,
      message: 'Recipient phone number not in allowed list',
    });
    const refused = await failure(text('c'));
    expect(refused.transient).toBe(false);
    expect(refused.message).toContain('Recipient phone number not in allowed list');
    expect((await failure(session.send({ to: '1203630@g.us', text: 'x' }, 'd'))).transient).toBe(false);
    expect((await text('a')).wid).toMatch(/^wamid\./);

    const unreachable = await cloudSession({ baseUrl: 'http://127.0.0.1:9' });
    const offline = await failure(unreachable.open().send({ to: CUSTOMER, text: 'oi' }, 'e'));
    expect(offline.transient).toBe(true);
  });

  it('marks the latest message read, downloads media by id, and answers what the Cloud API cannot do', async () => {
    const cloud = await cloudSession();
    const session = cloud.open();
    await session.markRead(CUSTOMER, ['wamid.1', 'wamid.2']);
    expect(graph.reads.filter((r) => r.phoneNumberId === cloud.number.phoneNumberId)).toEqual([
      { phoneNumberId: cloud.number.phoneNumberId, wid: 'wamid.2' },
    ]);

    const media = graph.storeMedia({ data: Buffer.from('pdf bytes'), mimetype: 'application/pdf' });
    const file = await session.downloadMedia({
      ref: media.id,
      mimetype: 'application/pdf',
      fileName: 'nota.pdf',
    });
    expect(file).toEqual({
      data: Buffer.from('pdf bytes'),
      mimetype: 'application/pdf',
      fileName: 'nota.pdf',
    });
    expect((await failure(session.downloadMedia({ ref: '404404', mimetype: 'image/png' }))).transient).toBe(
      false,
    );

    expect(await session.checkNumber('+55 (11) 99876-5432')).toEqual({ exists: true, number: CUSTOMER });
    expect((await failure(session.deleteForEveryone())).message).toContain('not supported by the Cloud API');
    expect((await failure(session.editMessage())).transient).toBe(false);
  });

  it('shows DISCONNECTED as soon as a send finds the token revoked', async () => {
    const cloud = await cloudSession();
    const session = cloud.open();
    await session.start();
    graph.fail('messages', { status: 401, code: 190, message: 'Error validating access token' });
    expect((await failure(session.send({ to: CUSTOMER, text: 'oi' }, 'k'))).transient).toBe(false);
    expect(cloud.states().at(-1)).toMatchObject({ status: 'DISCONNECTED' });
  });
});
