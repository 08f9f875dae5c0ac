import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession } from '../../../test/factories';
import {
  asCompany,
  buildConnection,
  eventually,
  fakeSession,
  inboundMessage,
  uniquePhone,
} from '../../../test/messaging-fixtures';
import { multipartBody } from '../../../test/multipart';
import { inertTypeOf } from '../storage/inert-media';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const BOLETO_HTML = '<html><body><script>fetch("/auth/me")</script>Boleto</body></html>';
const DRAWING_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script><circle r="4"/></svg>';
// The smallest valid PNG: 1×1, transparent.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const served = (mediaPath: string) => server.app.inject({ method: 'GET', url: `/public/${mediaPath}` });

function expectSandboxedDownload(answer: Awaited<ReturnType<typeof served>>, name: string): void {
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toBe('application/octet-stream');
  expect(answer.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
  expect(answer.headers['content-security-policy']).toBe('sandbox');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
}

async function mediaPathsOf(companyId: number, ticketId: number): Promise<Record<string, string>> {
  const rows = await asCompany(server, companyId, (tx) =>
    tx
      .selectFrom('messages')
      .where('ticketId', '=', ticketId)
      .where('mediaPath', 'is not', null)
      .select(['mediaName', 'mediaPath'])
      .execute(),
  );
  return Object.fromEntries(rows.map((row) => [row.mediaName ?? '', row.mediaPath ?? '']));
}

describe('files served from /public', () => {
  it('serves an agent-sent boleto.html and .svg as sandboxed downloads, a PNG inline as an image', async () => {
    const session = await buildAdminSession(server);
    const connection = await buildConnection(server, session.company);
    fakeSession(server, connection.id);
    await server.messaging.inbound.ingest(connection.descriptor, inboundMessage({ chatId: uniquePhone() }));
    await server.messaging.inbound.idle();
    const ticket = await asCompany(server, session.company.id, (tx) =>
      tx.selectFrom('tickets').where('whatsappId', '=', connection.id).select('id').executeTakeFirstOrThrow(),
    );
    for (const file of [
      { name: 'boleto.html', content: BOLETO_HTML, type: 'text/html' },
      // The browser's own claim is not believed either way: an SVG sent as a PNG is still a download.
      { name: 'drawing.svg', content: DRAWING_SVG, type: 'image/png' },
      { name: 'foto.png', content: PNG, type: 'image/png' },
    ]) {
      const { body, headers } = await multipartBody({}, { field: 'medias', ...file });
      const sent = await server.call('POST', `/messages/${ticket.id}`, {
        token: session.token,
        body,
        headers,
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    }
    const paths = await mediaPathsOf(session.company.id, ticket.id);

    const html = await served(paths['boleto.html'] ?? '');
    expectSandboxedDownload(html, 'boleto.html');
    expect(html.body).toBe(BOLETO_HTML);
    expectSandboxedDownload(await served(paths['drawing.svg'] ?? ''), 'drawing.svg');

    const png = await served(paths['foto.png'] ?? '');
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toBe('inline');
    expect(png.headers['content-security-policy']).toBeUndefined();
    expect(png.rawPayload.equals(PNG)).toBe(true);
  });

  it('serves what a customer sends through the simulator the same way, whatever name and type it claims', async () => {
    const admin = await buildAdminSession(server);
    const created = await server.call('POST', '/whatsapp', {
      token: admin.token,
      body: { name: 'Simulated', provider: 'simulator' },
    });
    const id = created.body.id as number;
    const status = async () =>
      (await server.call('GET', `/whatsapp/${id}`, { token: admin.token })).body.status as string;
    await eventually(async () => ((await status()) === 'qrcode' ? true : undefined));
    expect(
      (await server.call('POST', `/simulator/connections/${id}/scan`, { token: admin.token })).status,
    ).toBe(200);
    await eventually(async () => ((await status()) === 'CONNECTED' ? true : undefined));

    const from = uniquePhone();
    const play = (fileName: string, mimetype: string, content: string | Buffer, type = 'document') =>
      server.call('POST', `/simulator/connections/${id}/inbound`, {
        token: admin.token,
        body: { from, type, media: { fileName, mimetype, base64: Buffer.from(content).toString('base64') } },
      });
    expect((await play('boleto.html', 'text/html', BOLETO_HTML)).status).toBe(200);
    expect((await play('logo.svg', 'image/svg+xml', DRAWING_SVG, 'image')).status).toBe(200);
    expect((await play('photo.jpg', 'image/jpeg', PNG, 'image')).status).toBe(200);

    const paths = await eventually(async () => {
      const ticket = await asCompany(server, admin.company.id, (tx) =>
        tx.selectFrom('tickets').where('whatsappId', '=', id).select('id').executeTakeFirst(),
      );
      const found = ticket ? await mediaPathsOf(admin.company.id, ticket.id) : {};
      return Object.keys(found).length === 3 ? found : undefined;
    });
    expectSandboxedDownload(await served(paths['boleto.html'] ?? ''), 'boleto.html');
    expectSandboxedDownload(await served(paths['logo.svg'] ?? ''), 'logo.svg');
    // Named .jpg, its bytes are a PNG: served as what it is.
    const photo = await served(paths['photo.jpg'] ?? '');
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['content-disposition']).toBe('inline');
  });
});

describe('inertTypeOf', () => {
  it('knows inert formats by their bytes and nothing else', () => {
    expect(inertTypeOf(PNG)).toBe('image/png');
    expect(inertTypeOf(Buffer.from('%PDF-1.7\n'))).toBe('application/pdf');
    expect(inertTypeOf(Buffer.from('OggS\0\x02'))).toBe('audio/ogg');
    expect(inertTypeOf(Buffer.from('\0\0\0\x18ftypmp42'))).toBe('video/mp4');
    expect(inertTypeOf(Buffer.from(BOLETO_HTML))).toBeNull();
    expect(inertTypeOf(Buffer.from(DRAWING_SVG))).toBeNull();
    expect(inertTypeOf(Buffer.from('<?xml version="1.0"?><svg/>'))).toBeNull();
    expect(inertTypeOf(Buffer.alloc(0))).toBeNull();
  });
});
