// The spreadsheet import as the browser runs it: a real 10,000-row .xlsx (the spec's mixed column spellings) is
// read by the web app's own reader (readContactSheet: read-excel-file, first sheet, header row) and posted through
// its own chunking (uploadContactRows: CONTACT_UPLOAD_CHUNK rows per POST /contacts/upload, one after the other),
// on a company without a live connection (numbers are stored as typed). Reports rows/s of parsing and of
// importing; ends by checking every row of every sheet was stored once.
import type { ContactUploadAnswer } from '@zapdesk/contracts';
import writeXlsxFile from 'write-excel-file/node';
import { readContactSheet } from '../../apps/web/src/features/contacts/import/contactSheet';
import {
  CONTACT_UPLOAD_CHUNK,
  uploadContactRows,
} from '../../apps/web/src/features/contacts/import/uploadContactRows';
import { loginToken } from '../lib/auth';
import type { Benchmark } from '../lib/benchmark';
import { createCompanyWithUsers } from '../lib/data';
import { summarize, type LoadResult } from '../lib/load';

const json = { 'content-type': 'application/json' };
const ROWS = 10_000;
/** Measured sheets; one more is read and imported first to warm up. */
const SHEETS = 3;

/** Header spellings the import must recognise, one set per sheet. */
const HEADERS = [
  ['Nome', 'Número', 'E-mail'],
  ['NOME', 'numero', 'email'],
  ['name', 'NÚMERO', 'Email'],
];

/** A real .xlsx of ROWS contacts; sheet `n` owns the numbers 5511nnniiiiii (half typed as numbers). */
async function spreadsheet(n: number): Promise<ArrayBuffer> {
  const cell = (value: string | number) => ({ value });
  const header = HEADERS[n % HEADERS.length]!.map(cell);
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const number = 5511_000_000_000 + n * 1_000_000 + i;
    return [
      cell(`Contato ${n}-${i} ${i % 2 === 0 ? 'Conceição' : 'Araújo'}`),
      cell(i % 2 === 0 ? number : String(number)),
      cell(i % 3 === 0 ? `c${n}-${i}@bench.test` : ''),
    ];
  });
  const buffer = await writeXlsxFile([header, ...rows]).toBuffer();
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
}

/** POST /contacts/upload as the web app's api does, counting answer statuses and timing each chunk. */
function poster(baseUrl: string, token: string, chunkMs: number[], statuses: Record<string, number>) {
  return async (rows: unknown[]): Promise<ContactUploadAnswer> => {
    const began = performance.now();
    const answer = await fetch(`${baseUrl}/contacts/upload`, {
      method: 'POST',
      headers: { ...json, authorization: `Bearer ${token}` },
      body: JSON.stringify(rows),
    });
    const body = await answer.text();
    chunkMs.push(performance.now() - began);
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    if (!answer.ok) throw new Error(`POST /contacts/upload answered ${answer.status}: ${body}`);
    return JSON.parse(body) as ContactUploadAnswer;
  };
}

export const contactsImportBenchmark: Benchmark = {
  name: 'contacts-import',
  async run({ baseUrl, db, log }) {
    const company = await createCompanyWithUsers(db, 0);
    const token = await loginToken(baseUrl, company.admin.email);
    log(`writing ${SHEETS + 1} spreadsheets of ${ROWS} rows`);
    const files = await Promise.all(Array.from({ length: SHEETS + 1 }, (_, n) => spreadsheet(n)));

    const parseMs: number[] = [];
    const chunkMs: number[] = [];
    const statuses: Record<string, number> = {};
    let importMs = 0;
    let added = 0;
    for (const [n, file] of files.entries()) {
      const t0 = performance.now();
      const rows = await readContactSheet(file);
      const t1 = performance.now();
      if (rows.length !== ROWS) throw new Error(`sheet ${n} read as ${rows.length} rows`);
      const measured = n > 0;
      const answer = await uploadContactRows(
        rows,
        poster(baseUrl, token, measured ? chunkMs : [], measured ? statuses : {}),
      );
      if (answer.errorBag.length > 0) throw new Error(`sheet ${n}: ${JSON.stringify(answer.errorBag[0])}`);
      if (!measured) continue;
      parseMs.push(t1 - t0);
      importMs += performance.now() - t1;
      added += answer.newContacts.length;
    }

    const parseTotal = parseMs.reduce((a, b) => a + b, 0);
    const parse = summarize(
      `parse .xlsx of ${ROWS} rows (read-excel-file)`,
      1,
      parseMs,
      { read: SHEETS },
      SHEETS,
      parseTotal,
    );
    const upload = summarize(
      `POST /contacts/upload, ${CONTACT_UPLOAD_CHUNK}-row chunks of a ${ROWS}-row sheet`,
      1,
      chunkMs,
      statuses,
      statuses['200'] ?? 0,
      importMs,
    );
    log(`parse rate: ${((SHEETS * ROWS * 1000) / parseTotal).toFixed(0)} rows/s`);
    log(`import rate: ${((added * 1000) / importMs).toFixed(0)} rows/s (${added} contacts added)`);

    const stored = await db.query<{ count: string }>('select count(*) from contacts where company_id = $1', [
      company.companyId,
    ]);
    const expected = (SHEETS + 1) * ROWS;
    if (Number(stored.rows[0]?.count) !== expected) {
      throw new Error(`expected ${expected} contacts, found ${stored.rows[0]?.count}`);
    }
    return [parse, upload] satisfies LoadResult[];
  },
};
