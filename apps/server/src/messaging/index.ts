import type { AppContext } from '../platform/context';
import { createInbound, type Inbound } from './inbound';
import { createSessions, type Sessions } from './sessions';

/** The WhatsApp heart: sessions (providers) feed the inbound pipeline; modules reach both through here. */
export interface Messaging {
  inbound: Inbound;
  sessions: Sessions;
  /** Starts what this process's roles ask for (sessions role: live sessions; worker role: pipeline workers). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createMessaging(ctx: AppContext): Messaging {
  const inbound = createInbound(ctx);
  const sessions = createSessions(ctx, inbound);
  return {
    inbound,
    sessions,
    async start() {
      if (ctx.config.roles.has('worker')) await inbound.start();
      if (ctx.config.roles.has('sessions')) await sessions.startAll();
    },
    async stop() {
      await sessions.stop();
      await inbound.stop();
    },
  };
}
