// CPU time spent by the processes of a benchmark (Linux /proc): this process, the built server and its embedded
// PostgreSQL. On a shared machine wall-clock rates are noisy; CPU milliseconds per unit of work are not.
import fs from 'node:fs';
import path from 'node:path';
import type { StartedServer } from '../../e2e/support/server';

/** Milliseconds of CPU (user + system) per process group. */
export interface CpuTimes {
  bench: number;
  server: number;
  postgres: number;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime + stime of one process, that of its children that ended, and its parent's pid. */
function stat(pid: number): { ppid: number; ms: number; endedChildrenMs: number } | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: fields start after its closing parenthesis.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return {
      ppid: Number(fields[1]),
      ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
      endedChildrenMs: (Number(fields[13]) + Number(fields[14])) * TICK_MS,
    };
  } catch {
    return null;
  }
}

/** Reads the CPU times of this process, the built server and every PostgreSQL process of its data folder. */
export function cpuReader(server: StartedServer): () => CpuTimes {
  // An external PostgreSQL (DATABASE_URL) names its data folder in BENCH_PG_DATA; without it, its CPU reads 0.
  const pidFile = path.join(
    process.env.BENCH_PG_DATA ?? path.join(server.dataDir, 'postgres'),
    'postmaster.pid',
  );
  const postmaster = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
  const serverPid = server.pid;
  return () => {
    // Backends come and go with the pools' idle connections: the postmaster keeps the time of those that ended.
    let postgres = stat(postmaster)?.endedChildrenMs ?? 0;
    for (const entry of fs.readdirSync('/proc')) {
      const pid = Number(entry);
      if (!Number.isInteger(pid)) continue;
      const s = stat(pid);
      if (s && postmaster > 0 && (pid === postmaster || s.ppid === postmaster)) postgres += s.ms;
    }
    return { bench: stat(process.pid)?.ms ?? 0, server: stat(serverPid)?.ms ?? 0, postgres };
  };
}

/** "x ms here, y ms in the server, z ms in PostgreSQL" per unit between two readings. */
export function cpuPerUnit(before: CpuTimes, after: CpuTimes, units: number): string {
  const per = (key: keyof CpuTimes) => ((after[key] - before[key]) / units).toFixed(2);
  return `${per('bench')} ms in this process, ${per('server')} ms in the built server, ${per('postgres')} ms in PostgreSQL`;
}
