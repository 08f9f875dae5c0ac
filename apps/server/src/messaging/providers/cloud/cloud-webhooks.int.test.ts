import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminSession } from '../../../../test/factories';
import {
  FakeGraphServer,
  customerMessage,
  messageStatus,
  webhookPayload,
  type SignatureMode,
} from '../../../../test/fake-graph-server';
import { startTestServer, type TestServer } from '../../../../test/harness';
import { asCompany, eventually, uniquePhone } from '../../../../test/messaging-fixtures';
import { multipartBody } from '../../../../test/multipart';
import { pause } from '../../../../test/socket-client';
import { connectionWhen, createConnection } from '../../../modules/whatsapps/whatsapps.fixtures';
import { signWebhookBody } from './webhook-signature';

// The cloud provider end to end: a listening server, its real session and pipeline, and a fake Graph API
// that plays Meta (answers our calls, signs and posts webhooks).
let server: TestServer;
let graph: FakeGraphServer;
let baseUrl: string;
beforeAll(async () => {
  graph = await FakeGraphServer.start();
  server = await startTestServer({ WHATSAPP_CLOUD_BASE_URL: graph.url });
  baseUrl = (await server.listen()).replace('localhost', '127.0.0.1');
});
afterAll(async () => {
  await server.close();
  await graph.close();
});

/** A company with a cloud connection created through the API and connected against the fake. */
async function cloudConnection() {
  const admin = await buildAdminSession(server);
  const number = graph.addNumber({ displayPhoneNumber: '+55 11 4003-1234' });
  const credentials = {
    phoneNumberId: number.phoneNumberId,
    accessToken: number.accessToken,
    appSecret: randomBytes(16).toString('hex'),
    verifyToken: randomBytes(8).toString('hex'),
  };
  const connection = await createConnection(server, admin.token, { provider: 'cloud', ...credentials });
  const connected = await connectionWhen(server, admin.token, connection.id, (c) => c.status === 'CONNECTED');
  expect(connected.number).toBe('551140031234');
  const url = `${baseUrl}/webhooks/cloud/${connection.id}`;
  const deliver = (value: Parameters<typeof webhookPayload>[1], signature: SignatureMode = 'valid') =>
    graph.postWebhook(url, credentials.appSecret, webhookPayload(number, value), signature);
  return { ...admin, connection, number, credentials, url, deliver };
}

type Cloud = Awaited<ReturnType<typeof cloudConnection>>;

const storedEvents = (cloud: Cloud) =>
  asCompany(server, cloud.company.id, (tx) =>
    tx.selectFrom('inboundEvents').where('whatsappId', '=', cloud.connection.id).selectAll().execute(),
  );
const storedMessages = (cloud: Cloud) =>
  asCompany(server, cloud.company.id, (tx) =>
    tx
      .selectFrom('messages')
      .where('whatsappId', '=', cloud.connection.id)
      .selectAll()
      .orderBy('id')
      .execute(),
  );

/** A customer's text delivered and stored; answers its row and the customer's phone. */
async function customerWrites(cloud: Cloud, text: string, name = 'Ana Souza') {
  const phone = uniquePhone();
  const sent = customerMessage(phone, { type: 'text', text: { body: text } }, { name });
  expect((await cloud.deliver(sent.value)).status).toBe(200);
  const row = await eventually(async () => (await storedMessages(cloud)).find((m) => m.wid === sent.wid));
  return { phone, row, wid: sent.wid };
}

describe('cloud webhook handshake', () => {
  it('answers hub.challenge as plain text when the verify token matches', async () => {
    const cloud = await cloudConnection();
    const query = `hub.mode=subscribe&hub.verify_token=${cloud.credentials.verifyToken}&hub.challenge=1158201444`;
    const response = await fetch(`${cloud.url}?${query}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('1158201444');
  });

  it('refuses a wrong verify token or mode with 403, and an unknown or non-cloud connection with 404', async () => {
    const cloud = await cloudConnection();
    const ask = (url: string, mode: string, token: string) =>
      fetch(`${url}?hub.mode=${mode}&hub.verify_token=${token}&hub.challenge=42`);
    expect((await ask(cloud.url, 'subscribe', 'wrong-token')).status).toBe(403);
    expect((await ask(cloud.url, 'unsubscribe', cloud.credentials.verifyToken)).status).toBe(403);
    expect((await ask(`${baseUrl}/webhooks/cloud/2147483000`, 'subscribe', 'x')).status).toBe(404);
    const simulator = await createConnection(server, cloud.token, { provider: 'simulator' });
    expect((await ask(`${baseUrl}/webhooks/cloud/${simulator.id}`, 'subscribe', '')).status).toBe(404);
  });
});

describe('cloud webhook deliveries', () => {
  it('refuses unsigned, wrongly signed and altered deliveries with 401 and stores nothing', async () => {
    const cloud = await cloudConnection();
    const sent = customerMessage(uniquePhone(), { type: 'text', text: { body: 'não assinado' } });
    expect((await cloud.deliver(sent.value, 'missing')).status).toBe(401);
    const wrong = await cloud.deliver(sent.value, 'wrong');
    expect(wrong.status).toBe(401);
    expect(JSON.parse(wrong.body)).toMatchObject({ error: 'ERR_INVALID_WEBHOOK_SIGNATURE' });

    const signedFor = JSON.stringify(webhookPayload(cloud.number, sent.value));
    const altered = await fetch(cloud.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': signWebhookBody(Buffer.from(signedFor), cloud.credentials.appSecret),
      },
      body: signedFor.replace('não assinado', 'alterado'),
    });
    expect(altered.status).toBe(401);
    const unknown = await graph.postWebhook(`${baseUrl}/webhooks/cloud/2147483000`, 'x', {
      object: 'x',
      entry: [],
    });
    expect(unknown.status).toBe(404);

    await pause(300);
    expect(await storedEvents(cloud)).toEqual([]);
    expect(await storedMessages(cloud)).toEqual([]);
  });

  it('stores a signed customer text once, with the profile name, even when Meta delivers it twice', async () => {
    const cloud = await cloudConnection();
    const phone = uniquePhone();
    const sent = customerMessage(
      phone,
      { type: 'text', text: { body: 'Bom dia, tem horário?' } },
      { name: 'Ana' },
    );
    const first = await cloud.deliver(sent.value);
    expect(first.status).toBe(200);
    // Answered only after storing: the event is there the moment the answer is.
    expect((await storedEvents(cloud)).map((e) => e.eventId)).toEqual([sent.wid]);
    expect((await cloud.deliver(sent.value)).status).toBe(200);

    const row = await eventually(async () => (await storedMessages(cloud)).find((m) => m.wid === sent.wid));
    expect(row).toMatchObject({ body: 'Bom dia, tem horário?', fromMe: false });
    await pause(300);
    expect((await storedMessages(cloud)).filter((m) => m.wid === sent.wid)).toHaveLength(1);
    expect(await storedEvents(cloud)).toHaveLength(1);
    const contact = await asCompany(server, cloud.company.id, (tx) =>
      tx.selectFrom('contacts').where('number', '=', phone).select('name').executeTakeFirstOrThrow(),
    );
    expect(contact.name).toBe('Ana');
  });

  it('answers 200 without storing anything for a signed delivery it has nothing to take from', async () => {
    const cloud = await cloudConnection();
    const answer = await cloud.deliver({
      messages: [{ from: uniquePhone(), id: 'wamid.unsupported', timestamp: '1', type: 'unsupported' }],
    });
    expect(answer.status).toBe(200);
    expect(await storedEvents(cloud)).toEqual([]);
    const junk = await graph.postWebhook(cloud.url, cloud.credentials.appSecret, { hello: 'world' });
    expect(junk.status).toBe(400);
  });
});

describe('cloud sends and acks', () => {
  it('sends our reply through the Graph API, marks the customer read, and raises acks only upward', async () => {
    const cloud = await cloudConnection();
    const { phone, row: inbound, wid: inboundWid } = await customerWrites(cloud, 'Oi', 'Ana Souza');
    const reply = await server.call('POST', `/messages/${inbound.ticketId}`, {
      token: cloud.token,
      body: { body: 'Olá {{firstName}}!', quotedMsg: { id: inbound.id } },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const messageId = reply.body.messages[0].id as number;

    const delivered = await eventually(async () => graph.sentTo(phone)[0]);
    expect(delivered.body).toMatchObject({
      messaging_product: 'whatsapp',
      to: phone,
      type: 'text',
      text: { body: 'Olá Ana!' },
      context: { message_id: inboundWid },
    });
    const ackOf = async () => (await storedMessages(cloud)).find((m) => m.id === messageId);
    expect(await eventually(async () => (await ackOf())?.wid === delivered.wid && ackOf())).toMatchObject({
      ack: 1,
    });
    await eventually(async () => graph.reads.some((r) => r.wid === inboundWid));

    await cloud.deliver({ statuses: [messageStatus(delivered.wid, 'delivered', phone)] });
    await eventually(async () => (await ackOf())?.ack === 2);
    await cloud.deliver({
      statuses: [messageStatus(delivered.wid, 'read', phone), messageStatus(delivered.wid, 'sent', phone)],
    });
    await eventually(async () => (await ackOf())?.ack === 3);
    await cloud.deliver({ statuses: [messageStatus(delivered.wid, 'delivered', phone)] });
    await server.messaging.inbound.idle();
    await pause(200);
    expect((await ackOf())?.ack).toBe(3);
    expect(graph.sentTo(phone)).toHaveLength(1);
  });

  it('uploads a file we send and sends it by media id with its name and caption', async () => {
    const cloud = await cloudConnection();
    const { phone, row } = await customerWrites(cloud, 'Manda o boleto');
    const pdf = Buffer.from('%PDF-1.4 fake boleto');
    const form = await multipartBody(
      { body: 'Segue o boleto' },
      { field: 'medias', name: 'boleto.pdf', content: pdf, type: 'application/pdf' },
    );
    const answer = await server.call('POST', `/messages/${row.ticketId}`, { token: cloud.token, ...form });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);

    const sent = await eventually(async () => graph.sentTo(phone)[0]);
    expect(sent.type).toBe('document');
    expect(sent.body.document).toMatchObject({ caption: 'Segue o boleto' });
    expect(sent.body.document.filename).toMatch(/boleto\.pdf$/);
    const upload = graph.media.get(sent.body.document.id);
    expect(upload?.mimetype).toBe('application/pdf');
    expect(upload && Buffer.compare(upload.data, pdf)).toBe(0);
  });

  it('downloads inbound media by id into the stored message', async () => {
    const cloud = await cloudConnection();
    const phone = uniquePhone();
    const data = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4, 5]);
    const media = graph.storeMedia({ data, mimetype: 'image/png' });
    const sent = customerMessage(phone, {
      type: 'image',
      image: { id: media.id, mime_type: 'image/png', caption: 'o comprovante' },
    });
    expect((await cloud.deliver(sent.value)).status).toBe(200);
    const row = await eventually(
      async () => (await storedMessages(cloud)).find((m) => m.wid === sent.wid && m.mediaPath),
      10_000,
    );
    expect(row).toMatchObject({ body: 'o comprovante', mediaType: 'image' });
    const file = await fs.readFile(path.join(server.ctx.config.storageDir, row.mediaPath ?? ''));
    expect(Buffer.compare(file, data)).toBe(0);
  });

  it('shows the connection DISCONNECTED when Graph refuses its token', async () => {
    const admin = await buildAdminSession(server);
    const number = graph.addNumber();
    const connection = await createConnection(server, admin.token, {
      provider: 'cloud',
      phoneNumberId: number.phoneNumberId,
      accessToken: 'expired-token',
      appSecret: 'secret',
      verifyToken: 'verify',
    });
    await eventually(async () => graph.requests.some((r) => r.endsWith(`/${number.phoneNumberId}`)));
    await connectionWhen(server, admin.token, connection.id, (c) => c.status === 'DISCONNECTED');
    expect(graph.requests.filter((r) => r.endsWith(`/${number.phoneNumberId}`))).toHaveLength(1);
  });
});
