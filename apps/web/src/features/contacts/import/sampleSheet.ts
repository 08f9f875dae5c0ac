import { saveBlob } from '../../../lib/saveBlob';

/** The sample's columns and two example contacts: the spellings the import reads (spec 2 section 2). */
const SAMPLE: string[][] = [
  ['nome', 'numero', 'email'],
  ['Maria Silva', '5511999990001', 'maria@exemplo.com'],
  ['João Souza', '5521988880002', ''],
];

/** Builds the sample spreadsheet in the browser (writer loaded on first use) and saves it as an .xlsx. */
export async function downloadSampleSheet(fileName: string): Promise<void> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const blob = await writeXlsxFile(SAMPLE.map((row) => row.map((value) => ({ value })))).toBlob();
  saveBlob(blob, fileName);
}
