import writeXlsxFile from 'write-excel-file/universal';
import { describe, expect, it } from 'vitest';
import { ContactSheetError, contactRowsOfSheet, readContactSheet } from './contactSheet';
import { CONTACT_UPLOAD_CHUNK, uploadContactRows } from './uploadContactRows';

describe('contactRowsOfSheet', () => {
  it('maps every header spelling to the server columns and drops other columns and blank rows', () => {
    const rows = contactRowsOfSheet([
      ['NOME', 'Telefone fixo', 'Número', 'E-mail'],
      ['Ana', '1133334444', 5511999990000, 'ana@x.com'],
      [null, null, null, null],
      ['Sem número', '', '', ''],
      [' Beto ', null, '+55 (11) 98888-7777'],
    ]);
    expect(rows).toEqual([
      { name: 'Ana', number: '5511999990000', email: 'ana@x.com' },
      { name: 'Sem número', number: '', email: '' },
      { name: 'Beto', number: '+55 (11) 98888-7777', email: '' },
    ]);
  });

  it('refuses a sheet without a number column or without rows', () => {
    expect(() =>
      contactRowsOfSheet([
        ['nome', 'email'],
        ['Ana', 'a@x.com'],
      ]),
    ).toThrow(new ContactSheetError('noNumberColumn'));
    expect(() => contactRowsOfSheet([])).toThrow(new ContactSheetError('noNumberColumn'));
    expect(() =>
      contactRowsOfSheet([
        ['nome', 'numero'],
        [null, ''],
      ]),
    ).toThrow(new ContactSheetError('noRows'));
  });
});

describe('readContactSheet', () => {
  it('reads the first sheet of a real .xlsx file', async () => {
    const cells = (values: Array<string | number>) => values.map((value) => ({ value }));
    const blob = await writeXlsxFile([
      {
        sheet: 'Contatos',
        data: [cells(['nome', 'numero', 'email']), cells(['Conceição', 5511977776666, 'c@x.com'])],
      },
      { sheet: 'Outra', data: [cells(['nome', 'numero']), cells(['Ignored', '5511000000000'])] },
    ]).toBlob();
    expect(await readContactSheet(await blob.arrayBuffer())).toEqual([
      { name: 'Conceição', number: '5511977776666', email: 'c@x.com' },
    ]);
  });
});

describe('uploadContactRows', () => {
  it('posts the rows in order in chunks, reports progress and joins the answers', async () => {
    const rows = Array.from({ length: CONTACT_UPLOAD_CHUNK * 2 + 3 }, (_, i) => ({
      name: `C${i}`,
      number: String(5511900000000 + i),
      email: '',
    }));
    const posted: string[][] = [];
    const progress: Array<[number, number]> = [];
    const answer = await uploadContactRows(
      rows,
      async (chunk) => {
        posted.push(chunk.map((row) => row.name));
        const [first, ...rest] = chunk;
        return {
          newContacts: rest.map((row, i) => ({ contactId: posted.length * 1000 + i, contactName: row.name })),
          errorBag: first ? [{ contactName: first.name, error: { message: 'ERR_DUPLICATED_CONTACT' } }] : [],
        };
      },
      (sent, total) => progress.push([sent, total]),
    );
    expect(posted.map((chunk) => chunk.length)).toEqual([CONTACT_UPLOAD_CHUNK, CONTACT_UPLOAD_CHUNK, 3]);
    expect(posted.flat()).toEqual(rows.map((row) => row.name));
    expect(progress).toEqual([
      [0, rows.length],
      [CONTACT_UPLOAD_CHUNK, rows.length],
      [CONTACT_UPLOAD_CHUNK * 2, rows.length],
      [rows.length, rows.length],
    ]);
    expect(answer.errorBag.map((e) => e.contactName)).toEqual([
      'C0',
      `C${CONTACT_UPLOAD_CHUNK}`,
      `C${CONTACT_UPLOAD_CHUNK * 2}`,
    ]);
    expect(answer.newContacts).toHaveLength(rows.length - 3);
  });
});
