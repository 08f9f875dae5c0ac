import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminSession, buildUser, login } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { describeTenantIsolation } from '../../../test/isolation-kit';
import { eventually } from '../../../test/messaging-fixtures';
import { connectSocket } from '../../../test/socket-client';

let server: TestServer;
let baseUrl: string;
beforeAll(async () => {
  server = await startTestServer();
  baseUrl = await server.listen();
});
afterAll(() => server.close());

let sequence = 0;
const listName = (label = 'Catálogo') => `${label} ${++sequence}`;

async function createList(token: string, body: Record<string, unknown> = {}) {
  return server.call('POST', '/files', {
    token,
    body: {
      name: listName(),
      message: 'Nossos arquivos',
      options: [{ name: 'Tabela' }, { name: 'Foto' }],
      ...body,
    },
  });
}

/** Posts the files of a list's options as the dialog does: per option `files`, `mediaType`, `name`, `id`. */
async function uploadFiles(
  token: string,
  listId: number,
  parts: Array<{ id: number; name: string; fileName: string; content: string; type: string }>,
  typeArch = 'fileList',
) {
  const form = new FormData();
  form.append('fileId', String(listId));
  form.append('typeArch', typeArch);
  for (const part of parts) {
    form.append('files', new Blob([part.content], { type: part.type }), part.fileName);
    form.append('mediaType', part.type);
    form.append('name', part.name);
    form.append('id', String(part.id));
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return server.call('POST', `/files/uploadList/${listId}`, {
    token,
    body: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  });
}

const stored = (relative: string) => fs.existsSync(path.join(server.ctx.config.storageDir, relative));

describe('files library', () => {
  it('validates name (3+, unique per company in any case) and message', async () => {
    const { token } = await buildAdminSession(server);
    expect((await createList(token, { name: 'ab' })).body.fields).toEqual({ name: 'Too Short!' });
    expect((await createList(token, { name: '' })).body.fields).toEqual({ name: 'Required' });
    expect((await createList(token, { message: ' ' })).body.fields).toEqual({ message: 'Required' });
    const first = await createList(token, { name: 'Tabela de Preços' });
    expect(first.status).toBe(200);
    const twin = await createList(token, { name: 'TABELA DE PREÇOS' });
    expect(twin).toMatchObject({ status: 400, body: { error: 'ERR_FILE_NAME_ALREADY_EXISTS' } });
    const other = await buildAdminSession(server);
    expect((await createList(other.token, { name: 'Tabela de Preços' })).status).toBe(200);
  });

  it('creates a list with options authored by the caller, stores the files, and upserts options on edit', async () => {
    const { token, admin, company } = await buildAdminSession(server);
    const socket = await connectSocket(baseUrl, token);
    const created = await createList(token, { userId: 999 });
    expect(created.body).toMatchObject({ userId: admin.id, message: 'Nossos arquivos' });
    const [tabela, foto] = created.body.options as Array<{ id: number; name: string; path: string }>;
    expect([tabela?.name, foto?.name, tabela?.path]).toEqual(['Tabela', 'Foto', '']);
    if (!tabela || !foto) throw new Error('options missing');

    const uploaded = await uploadFiles(token, created.body.id, [
      {
        id: tabela.id,
        name: 'Tabela',
        fileName: 'tabela preços.pdf',
        content: '%PDF-1.4',
        type: 'application/pdf',
      },
      { id: foto.id, name: 'Foto', fileName: 'foto.png', content: 'png-bytes', type: 'image/png' },
    ]);
    expect(uploaded.status).toBe(200);
    const [withPdf, withPng] = uploaded.body.options as Array<{ path: string; mediaType: string }>;
    expect(withPdf?.path).toMatch(
      new RegExp(`^company${company.id}/files/[0-9a-f-]{36}-tabela_precos\\.pdf$`),
    );
    expect(withPdf?.mediaType).toBe('application/pdf');
    expect(withPng?.mediaType).toBe('image/png');
    if (!withPdf || !withPng) throw new Error('paths missing');
    expect(stored(withPdf.path) && stored(withPng.path)).toBe(true);

    // The edit keeps "Tabela" (renamed), drops "Foto" with its file and adds "Vídeo".
    const edited = await server.call('PUT', `/files/${created.body.id}`, {
      token,
      body: {
        name: created.body.name,
        message: 'Atualizado',
        options: [{ id: tabela.id, name: 'Tabela 2026' }, { name: 'Vídeo' }],
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.options.map((o: { name: string; path: string }) => [o.name, o.path])).toEqual([
      ['Tabela 2026', withPdf.path],
      ['Vídeo', ''],
    ]);
    await eventually(async () => (stored(withPng.path) ? undefined : true));
    expect(stored(withPdf.path)).toBe(true);

    const events = await eventually(async () => {
      const seen = socket.received(`company-${company.id}-file`) as Array<{ action: string }>;
      return seen.length >= 3 ? seen : undefined;
    });
    expect(events.map((e) => e.action)).toEqual(['create', 'update', 'update']);
    socket.close();
  });

  it('refuses a typeArch other than fileList and an option of another list, keeping no file', async () => {
    const { token } = await buildAdminSession(server);
    const a = await createList(token);
    const b = await createList(token);
    const bad = await uploadFiles(
      token,
      a.body.id,
      [{ id: a.body.options[0].id, name: 'x', fileName: 'x.txt', content: 'x', type: 'text/plain' }],
      '../../etc',
    );
    expect(bad).toMatchObject({ status: 400, body: { fields: { typeArch: 'Invalid value' } } });
    const stranger = await uploadFiles(token, a.body.id, [
      { id: b.body.options[0].id, name: 'x', fileName: 'x.txt', content: 'x', type: 'text/plain' },
    ]);
    expect(stranger).toMatchObject({ status: 400, body: { fields: { id: 'Invalid value' } } });
    const folder = path.join(
      server.ctx.config.storageDir,
      `company${(await server.call('GET', `/files/${a.body.id}`, { token })).body.companyId}`,
      'files',
    );
    expect(fs.existsSync(folder) ? fs.readdirSync(folder) : []).toEqual([]);
  });

  it('searches lower-cased, pages by 20 and deletes one list with only its own files', async () => {
    const { token } = await buildAdminSession(server);
    for (let i = 0; i < 21; i++)
      await createList(token, { name: `Pasta ${String(i).padStart(2, '0')}`, options: [] });
    const keep = await createList(token, { name: 'Manter Este' });
    const drop = await createList(token, { name: 'Apagar Este' });
    const keptFile = await uploadFiles(token, keep.body.id, [
      { id: keep.body.options[0].id, name: 'a', fileName: 'a.txt', content: 'a', type: 'text/plain' },
    ]);
    const droppedFile = await uploadFiles(token, drop.body.id, [
      { id: drop.body.options[0].id, name: 'b', fileName: 'b.txt', content: 'b', type: 'text/plain' },
    ]);
    const page1 = await server.call('GET', '/files?pageNumber=1', { token });
    expect(page1.body).toMatchObject({ count: 23, hasMore: true });
    expect(page1.body.files).toHaveLength(20);
    const search = await server.call('GET', '/files?searchParam=este', { token });
    expect(search.body.files.map((f: { name: string }) => f.name)).toEqual(['Apagar Este', 'Manter Este']);

    const user = await buildUser(
      server,
      { id: keep.body.companyId, name: '', planId: 0 },
      { profile: 'user' },
    );
    const userToken = (await login(server, user)).token;
    expect((await server.call('DELETE', `/files/${drop.body.id}`, { token: userToken })).body).toEqual({
      message: 'File List deleted',
    });
    expect((await server.call('GET', `/files/${drop.body.id}`, { token })).status).toBe(404);
    await eventually(async () => (stored(droppedFile.body.options[0].path) ? undefined : true));
    expect(stored(keptFile.body.options[0].path)).toBe(true);
  });
});

describeTenantIsolation<{ id: number; optionId: number }>({
  resource: 'file list',
  server: () => server,
  async create(_server, owner) {
    const answer = await createList(owner.token, { name: listName('Isolada') });
    return { id: answer.body.id, optionId: answer.body.options[0].id };
  },
  byId: [
    { method: 'GET', path: (f) => `/files/${f.id}` },
    { method: 'PUT', path: (f) => `/files/${f.id}`, body: { name: 'Tomada', message: 'x', options: [] } },
    { method: 'DELETE', path: (f) => `/files/${f.id}` },
  ],
  lists: [
    {
      path: '/files',
      contains: (body, f) => (body as { files: Array<{ id: number }> }).files.some((x) => x.id === f.id),
    },
  ],
});
