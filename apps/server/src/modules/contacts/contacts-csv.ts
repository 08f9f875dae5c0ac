import type { TenantScope } from '../../platform/tenancy';
import { listContactsForExport } from './contacts.repository';

/** A `;`-separated cell, quoted when it holds the separator, a quote or a line break. */
export function csvCell(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The spec's export file (contatos.csv): a `name;number;email` header, one line per contact by name. */
export async function contactsCsv(scope: TenantScope): Promise<string> {
  const rows = await scope.run((tx) => listContactsForExport(tx));
  const lines = ['name;number;email', ...rows.map((r) => [r.name, r.number, r.email].map(csvCell).join(';'))];
  return `${lines.join('\r\n')}\r\n`;
}
