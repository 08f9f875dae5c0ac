import os from 'node:os';
import type { LoadResult } from './load';

const columns: { title: string; align: 'left' | 'right'; value: (r: LoadResult) => string }[] = [
  { title: 'benchmark', align: 'left', value: (r) => r.name },
  { title: 'clients', align: 'right', value: (r) => String(r.concurrency) },
  { title: 'requests', align: 'right', value: (r) => String(r.sent) },
  { title: 'ok', align: 'right', value: (r) => String(r.ok) },
  { title: 'failed', align: 'right', value: (r) => String(r.failed) },
  { title: 'req/s', align: 'right', value: (r) => r.requestsPerSecond.toFixed(1) },
  { title: 'p50 ms', align: 'right', value: (r) => r.p50.toFixed(1) },
  { title: 'p95 ms', align: 'right', value: (r) => r.p95.toFixed(1) },
  { title: 'p99 ms', align: 'right', value: (r) => r.p99.toFixed(1) },
  { title: 'max ms', align: 'right', value: (r) => r.max.toFixed(1) },
  { title: 'statuses', align: 'left', value: (r) => statusText(r) },
];

function statusText(r: LoadResult): string {
  return Object.entries(r.statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
}

/** A plain-text table of results, one row per load. */
export function formatTable(results: LoadResult[]): string {
  const cells = [columns.map((c) => c.title), ...results.map((r) => columns.map((c) => c.value(r)))];
  const widths = columns.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, i) => (columns[i]!.align === 'left' ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(cells[0]!), rule, ...cells.slice(1).map(line)].join('\n');
}

/** One line about the machine the figures come from. */
export function machineLine(): string {
  const cpus = os.cpus();
  return `node ${process.version}, ${cpus.length} CPU(s) ${cpus[0]?.model.trim() ?? ''}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
}
