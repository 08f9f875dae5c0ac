import writeXlsxFile from 'write-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminSession } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { uniquePhone } from '../../../test/messaging-fixtures';
import { multipartBody } from '../../../test/multipart';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const cells = (values: Array<string | number | null>) =>
  values.map((value) => (value === null ? null : { value }));

async function postFile(token: string, name: string, content: Buffer, type = XLSX) {
  const form = await multipartBody({}, { name, content, type });
  return server.call('POST', '/contacts/upload', { token, body: form.body, headers: form.headers });
}

describe('POST /contacts/upload with an .xlsx file', () => {
  it("creates the first sheet's rows by its header row and reports the rows without a number", async () => {
    const { token } = await buildAdminSession(server);
    const [ana, beto] = [uniquePhone(), uniquePhone()];
    const sheet = await writeXlsxFile([
      {
        sheet: 'Contatos',
        data: [
          cells(['Nome', 'Número', 'E-mail', 'Observação']),
          cells(['Ana Planilha', Number(ana), 'ana@x.test', 'ignored']),
          cells([null, null, null, null]),
          cells(['Sem Número', null, null, null]),
          cells(['Beto Planilha', beto, null, null]),
        ],
      },
      { sheet: 'Outra', data: [cells(['nome', 'numero']), cells(['Nunca', uniquePhone()])] },
    ]).toBuffer();

    const answer = await postFile(token, 'contatos.xlsx', sheet);
    expect(answer.status).toBe(200);
    expect(answer.body.newContacts.map((c: { contactName: string }) => c.contactName)).toEqual([
      'Ana Planilha',
      'Beto Planilha',
    ]);
    expect(answer.body.errorBag).toEqual([
      { contactName: 'Sem Número', error: { message: 'ERR_CONTACT_WITHOUT_NUMBER' } },
    ]);
    const list = await server.call('GET', '/contacts?searchParam=planilha', { token });
    expect(list.body.contacts.map((c: { number: string; email: string }) => [c.number, c.email])).toEqual([
      [ana, 'ana@x.test'],
      [beto, ''],
    ]);
    const never = await server.call('GET', '/contacts?searchParam=nunca', { token });
    expect(never.body.contacts).toEqual([]);
  });

  it('refuses a file that is not .xlsx, an unreadable one and a missing one, naming file', async () => {
    const { token } = await buildAdminSession(server);
    const csv = await postFile(
      token,
      'contatos.csv',
      Buffer.from('nome;numero\nAna;5511999990000\n'),
      'text/csv',
    );
    const broken = await postFile(token, 'contatos.xlsx', Buffer.from('not a zip file'));
    const empty = await multipartBody({ note: 'no file' });
    const missing = await server.call('POST', '/contacts/upload', {
      token,
      body: empty.body,
      headers: empty.headers,
    });
    expect([csv, broken, missing].map((a) => [a.status, a.body.fields])).toEqual([
      [400, { file: 'Invalid value' }],
      [400, { file: 'Invalid value' }],
      [400, { file: 'Required' }],
    ]);
    const list = await server.call('GET', '/contacts', { token });
    expect(list.body.contacts).toEqual([]);
  });
});
