import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminSession } from '../../../test/factories';
import { freePort, startTestServer, type TestServer } from '../../../test/harness';
import { asCompany, eventually, uniquePhone } from '../../../test/messaging-fixtures';
import { connectSocket, type TestSocket } from '../../../test/socket-client';
import { connectionWhen, createConnection } from '../../modules/whatsapps/whatsapps.fixtures';
import { BetaSession } from '../providers/beta/beta-session';
import { FakeWhatsApp } from '../providers/beta/fake-socket';
import { avatarPng } from '../providers/simulator/avatars';

// The server fetches the simulator's pictures from its own address, so BACKEND_URL must be where it listens.
let server: TestServer;
let baseUrl: string;
// The beta connections here talk to a scripted WhatsApp, whose picture CDN is a local HTTP server.
const network = new FakeWhatsApp({ autoServe: true, ownNumber: '5511900004321' });
const cdnFiles = new Map<string, Buffer>();
const cdnHits: string[] = [];
const cdn = http.createServer((request, response) => {
  cdnHits.push(request.url ?? '');
  const file = cdnFiles.get(request.url ?? '');
  if (!file) return response.writeHead(404).end();
  response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': file.length }).end(file);
});
let cdnUrl: string;

beforeAll(async () => {
  const port = await freePort();
  server = await startTestServer({
    PORT: String(port),
    BACKEND_URL: `http://127.0.0.1:${port}`,
    SIMULATOR_ACK_MS: '40,80',
  });
  server.messaging.providers.register(
    'beta',
    (context) => new BetaSession(context, { createSocket: network.createSocket, download: network.download }),
  );
  baseUrl = await server.listen();
  await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
  cdnUrl = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => cdn.close(resolve));
});

async function connectedSimulator() {
  const session = await buildAdminSession(server);
  const connection = await createConnection(server, session.token, { provider: 'simulator' });
  await connectionWhen(server, session.token, connection.id, (c) => c.status === 'qrcode');
  await server.call('POST', `/simulator/connections/${connection.id}/scan`, { token: session.token });
  await connectionWhen(server, session.token, connection.id, (c) => c.status === 'CONNECTED');
  const socket = await connectSocket(baseUrl, session.token);
  const play = async (from: string, body = 'Oi') => {
    const answer = await server.call('POST', `/simulator/connections/${connection.id}/inbound`, {
      token: session.token,
      body: { from, body, name: 'Cliente' },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };
  return { ...session, connection, socket, play };
}

const contactOf = (companyId: number, number: string) =>
  asCompany(server, companyId, (tx) =>
    tx.selectFrom('contacts').where('number', '=', number).selectAll().executeTakeFirst(),
  );

/** The contact once its picture lookup ran (pictureUpdatedAt set). */
const lookedUp = (companyId: number, number: string) =>
  eventually(async () => {
    const contact = await contactOf(companyId, number);
    return contact?.pictureUpdatedAt ? contact : undefined;
  }, 15_000);

/** GETs an address over real HTTP (the way a browser loads the avatar). */
async function download(url: string) {
  const response = await fetch(url.replace('//localhost', '//127.0.0.1'));
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    data: Buffer.from(await response.arrayBuffer()),
  };
}

const contactUpdates = (socket: TestSocket, companyId: number) =>
  socket
    .received(`company-${companyId}-contact`)
    .map((payload) => payload as { action: string; contact: { number: string; profilePicUrl: string } });

describe('profile pictures with the simulated phone', () => {
  it("stores a new customer's picture under an unguessable name, serves it and tells the company", async () => {
    const { company, socket, play } = await connectedSimulator();
    const phone = uniquePhone();
    await play(phone);

    const contact = await lookedUp(company.id, phone);
    const publicPrefix = `http://127.0.0.1:${new URL(baseUrl).port}/public/company${company.id}/contacts/`;
    expect(contact.profilePicUrl.startsWith(publicPrefix)).toBe(true);
    expect(contact.profilePicUrl.slice(publicPrefix.length)).toMatch(/^[0-9a-f-]{36}-avatar\.png$/);
    const served = await download(contact.profilePicUrl);
    expect(served.status).toBe(200);
    expect(served.type).toContain('image/png');
    expect(served.data.equals(avatarPng(phone))).toBe(true);

    const update = await eventually(async () =>
      contactUpdates(socket, company.id).find(
        (e) => e.action === 'update' && e.contact.number === phone && e.contact.profilePicUrl !== '',
      ),
    );
    expect(update.contact.profilePicUrl).toBe(contact.profilePicUrl);
    socket.close();
  });

  it('looks a picture up at most daily, and replaces the stored file when it is due again', async () => {
    const { company, play } = await connectedSimulator();
    const phone = uniquePhone();
    await play(phone, 'primeira');
    const first = await lookedUp(company.id, phone);
    await play(phone, 'segunda');
    await pause(1500);
    const second = await contactOf(company.id, phone);
    expect(second?.pictureUpdatedAt).toEqual(first.pictureUpdatedAt);
    expect(second?.profilePicUrl).toBe(first.profilePicUrl);

    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await asCompany(server, company.id, (tx) =>
      tx.updateTable('contacts').set({ pictureUpdatedAt: twoDaysAgo }).where('id', '=', first.id).execute(),
    );
    await play(phone, 'dias depois');
    const refreshed = await eventually(async () => {
      const contact = await contactOf(company.id, phone);
      return contact && contact.profilePicUrl !== first.profilePicUrl ? contact : undefined;
    }, 15_000);
    expect((await download(refreshed.profilePicUrl)).status).toBe(200);
    expect((await download(first.profilePicUrl)).status).toBe(404);
  });

  it('keeps the placeholder for a customer who hides the picture', async () => {
    const { company, token, play } = await connectedSimulator();
    const phone = `${uniquePhone().slice(0, -2)}00`;
    await play(phone);
    const contact = await lookedUp(company.id, phone);
    expect(contact.profilePicUrl).toBe('');
    const shown = await server.call('GET', `/contacts/${contact.id}`, { token });
    expect(shown.body.profilePicUrl).toMatch(/\/nopicture\.png$/);
  });
});

describe('profile pictures with a beta connection', () => {
  async function connectedBeta() {
    const session = await buildAdminSession(server);
    const connection = await createConnection(server, session.token, { provider: 'beta' });
    await connectionWhen(server, session.token, connection.id, (c) => c.status === 'qrcode');
    network.scan();
    await connectionWhen(server, session.token, connection.id, (c) => c.status === 'CONNECTED');
    const customerWrites = (phone: string) => {
      const socket = network.current;
      if (!socket) throw new Error('no live socket');
      socket.receive([
        {
          key: {
            remoteJid: `${phone}@s.whatsapp.net`,
            fromMe: false,
            id: `3A${randomBytes(9).toString('hex')}`,
          },
          message: { conversation: 'Bom dia' },
          messageTimestamp: Math.floor(Date.now() / 1000),
          pushName: 'Cliente Beta',
        },
      ]);
    };
    return { ...session, connection, customerWrites };
  }

  it("downloads the picture from WhatsApp's address into the company's files", async () => {
    const { company, customerWrites } = await connectedBeta();
    const phone = uniquePhone();
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2048)]);
    cdnFiles.set(`/v/t61/${phone}.jpg`, jpeg);
    network.pictures.set(phone, `${cdnUrl}/v/t61/${phone}.jpg`);
    customerWrites(phone);

    const contact = await lookedUp(company.id, phone);
    expect(contact.name).toBe('Cliente Beta');
    expect(contact.profilePicUrl).toMatch(
      new RegExp(`/public/company${company.id}/contacts/[0-9a-f-]{36}-avatar\\.jpg$`),
    );
    const served = await download(contact.profilePicUrl);
    expect(served.status).toBe(200);
    expect(served.data.equals(jpeg)).toBe(true);
    expect(cdnHits.filter((hit) => hit === `/v/t61/${phone}.jpg`)).toHaveLength(1);
  });

  it('keeps the placeholder when WhatsApp has no picture for the number', async () => {
    const { company, customerWrites } = await connectedBeta();
    const phone = uniquePhone();
    customerWrites(phone);
    const contact = await lookedUp(company.id, phone);
    expect(contact.profilePicUrl).toBe('');
  });
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
