import type { TenantScope } from '../../platform/tenancy';
import { listContactsForExport } from './contacts.repository';

/** What a spreadsheet reads as the start of a formula (or of a cell it may run as one). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A `;`-separated cell, quoted when it holds the separator, a quote or a line break. Customers choose their own
 * WhatsApp names: a cell that a spreadsheet would run as a formula (`=HYPERLINK(…)`, `+1+1`, `-2`, `@SUM`) gets a
 * leading `'`, so it opens as the text it is.
 */
export function csvCell(value: string): string {
  const inert = FORMULA_START.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
}

/** The spec's export file (contatos.csv): a `name;number;email` header, one line per contact by name. */
export async function contactsCsv(scope: TenantScope): Promise<string> {
  const rows = await scope.run((tx) => listContactsForExport(tx));
  const lines = ['name;number;email', ...rows.map((r) => [r.name, r.number, r.email].map(csvCell).join(';'))];
  return `${lines.join('\r\n')}\r\n`;
}
