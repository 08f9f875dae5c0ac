import type { SocketConfig } from 'baileys';
import type { SessionHooks } from '..';

export type BaileysLogger = SocketConfig['logger'];

/**
 * The pino-shaped logger baileys wants, at warn: warnings and errors go to the session's log with the
 * bindings of their child loggers; baileys' chatty info/debug/trace lines are dropped.
 */
export function baileysLogger(
  log: SessionHooks['log'],
  bindings: Record<string, unknown> = {},
): BaileysLogger {
  const write = (level: 'warn' | 'error', obj: unknown, msg?: string) => {
    if (typeof obj === 'string') log[level]({ ...bindings, source: 'baileys' }, obj);
    else log[level]({ ...bindings, source: 'baileys', detail: obj }, msg);
  };
  return {
    level: 'warn',
    child: (more) => baileysLogger(log, { ...bindings, ...more }),
    trace: () => undefined,
    debug: () => undefined,
    info: () => undefined,
    warn: (obj, msg) => write('warn', obj, msg),
    error: (obj, msg) => write('error', obj, msg),
  };
}
