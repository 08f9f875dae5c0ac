import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { StartupError } from '../runtime/startup-error';

/** Ports tried for a new data folder: below Linux's ephemeral range, so outgoing connections rarely take them. */
const PORT_RANGE = { from: 15_000, to: 30_000 };
const PORT_TRIES = 50;
/** How long a stale PostgreSQL gets to finish its fast shutdown before it is told to stop at once. */
const FAST_SHUTDOWN_MS = 20_000;
const IMMEDIATE_SHUTDOWN_MS = 10_000;

/** A process's state from /proc: alive (not a zombie), its parent and its command line. */
interface ProcessInfo {
  ppid: number;
  command: string[];
}

function processInfo(pid: number): ProcessInfo | null {
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (state === 'Z' || state === 'X') return null;
    const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    return { ppid: Number(ppid), command };
  } catch {
    return null;
  }
}

/** The postmaster a data folder's postmaster.pid names, when that process still runs this folder. */
function runningPostmaster(dir: string): number | null {
  const pidFile = path.join(dir, 'postmaster.pid');
  let lines: string[];
  try {
    lines = fs.readFileSync(pidFile, 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const info = processInfo(pid);
  const runsThisFolder =
    info !== null &&
    info.command.some((part) => path.basename(part) === 'postgres') &&
    info.command.some((part) => path.resolve(part) === path.resolve(dir));
  if (runsThisFolder) return pid;
  // The pid file of a killed server (or its pid now reused by another program): PostgreSQL would refuse to start
  // while a live process has that pid, so the stale file goes.
  fs.rmSync(pidFile, { force: true });
  return null;
}

/**
 * Stops the PostgreSQL a killed Zapdesk server left running on this data folder (kill -9 takes the node process,
 * not its PostgreSQL). Only an orphan is stopped: a postmaster whose parent is still a live node process belongs
 * to a server that is running, and then starting a second one on the same folder is refused with advice.
 */
export async function stopOrphanedPostgres(dir: string, log?: (line: string) => void): Promise<void> {
  const pid = runningPostmaster(dir);
  if (pid === null) return;
  const parent = processInfo(processInfo(pid)?.ppid ?? 0);
  if (parent?.command.some((part) => /(^|\/)node(js)?$/.test(part))) {
    throw new StartupError(
      `The data folder ${path.dirname(dir)} is in use by another Zapdesk server (its PostgreSQL has pid ${pid}).`,
      'Stop that server first (Ctrl-C in its terminal), or start this one with another DATA_DIR and PORT.',
    );
  }
  log?.(`stopping the PostgreSQL (pid ${pid}) left running by a server that was killed`);
  // Fast shutdown: open transactions roll back, everything committed stays; removes postmaster.pid when done.
  process.kill(pid, 'SIGINT');
  if (await exited(pid, FAST_SHUTDOWN_MS)) return;
  // Immediate shutdown: the next start replays the write-ahead log, as after a power cut.
  process.kill(pid, 'SIGQUIT');
  if (await exited(pid, IMMEDIATE_SHUTDOWN_MS)) return;
  throw new StartupError(
    `The PostgreSQL (pid ${pid}) left running on ${dir} by a killed server does not stop.`,
    `Stop it by hand (kill ${pid}) and start again.`,
  );
}

/** Waits until the process is gone (a zombie counts as gone: its parent, not us, must reap it). */
async function exited(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (processInfo(pid) === null) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/** Whether nothing listens on a port, neither on 127.0.0.1 nor as a PostgreSQL socket in the socket folder. */
export async function portIsFree(port: number, socketDir: string): Promise<boolean> {
  const lock = path.join(socketDir, `.s.PGSQL.${port}.lock`);
  if (fs.existsSync(lock)) {
    const pid = Number(fs.readFileSync(lock, 'utf8').split('\n')[0]);
    if (processInfo(pid) !== null) return false;
  }
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * The embedded PostgreSQL's port for a data folder: the one remembered in `portFile` while it is free, else a
 * free one chosen now and remembered, so two installations on one machine never fight over a port.
 */
export async function rememberedPort(portFile: string, socketDir: string): Promise<number> {
  let remembered: number | undefined;
  try {
    const value = Number(fs.readFileSync(portFile, 'utf8').trim());
    if (Number.isInteger(value) && value > 0 && value < 65536) remembered = value;
  } catch {
    // first start
  }
  if (remembered !== undefined && (await portIsFree(remembered, socketDir))) return remembered;
  for (let i = 0; i < PORT_TRIES; i++) {
    const candidate = PORT_RANGE.from + Math.floor(Math.random() * (PORT_RANGE.to - PORT_RANGE.from));
    if (await portIsFree(candidate, socketDir)) {
      fs.writeFileSync(portFile, `${candidate}\n`);
      return candidate;
    }
  }
  throw new StartupError(
    `No free port for the embedded PostgreSQL between ${PORT_RANGE.from} and ${PORT_RANGE.to}.`,
    'Set EMBEDDED_PG_PORT to a free port, or DATABASE_URL to use a PostgreSQL of your own.',
  );
}
