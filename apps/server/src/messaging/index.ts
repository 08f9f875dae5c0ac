import type { AppContext } from '../platform/context';
import { secretBoxFor } from '../platform/crypto/secret-box';
import { BotWorker, registerBotTurnsPurgeJob } from './bots';
import { ackChatKey, createInbound, type Inbound } from './inbound';
import { createOutbound, type Outbound } from './outbound';
import { PictureRequests, registerContactPictureJob } from './pictures';
import { betaProvider } from './providers/beta';
import { cloudProvider } from './providers/cloud';
import { ProviderRegistry } from './providers';
import { simulatorProvider } from './providers/simulator';
import { createSessions, type Sessions } from './sessions';

/**
 * The WhatsApp heart: sessions (providers) feed the inbound pipeline. Modules never import it: the composition
 * root hands them its outbox and sessions as ports (`ModulePorts` in modules/index.ts).
 */
export interface Messaging {
  inbound: Inbound;
  sessions: Sessions;
  /** Our messages: the outbox and its worker (runs where the connection's session lives). */
  outbound: Outbound;
  /** Answers of prompts and queue integrations (server-behaviour 8), run on worker nodes. */
  bots: BotWorker;
  /** Provider adapters by kind (beta, cloud, simulator); sessions create every adapter through it. */
  providers: ProviderRegistry;
  /** Starts what this process's roles ask for (sessions role: live sessions; worker role: pipeline workers). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface MessagingOptions {
  /** The database URL, for the LISTEN connection that wakes session owners. */
  databaseUrl?: string;
}

export function createMessaging(ctx: AppContext, options: MessagingOptions = {}): Messaging {
  const outbound = createOutbound(ctx, {
    local: (whatsappId) => sessions.local(whatsappId),
    // Acks that arrived before the send stored its wid can be applied now.
    onSent: (companyId, whatsappId, wid) => inbound.kick({ companyId, whatsappId, chatKey: ackChatKey(wid) }),
  });
  const pictureRequests = new PictureRequests(ctx);
  const bots = new BotWorker({
    ctx,
    outbound,
    storage: outbound.storage,
    box: secretBoxFor(ctx.config),
  });
  const inbound = createInbound(ctx, outbound, pictureRequests, bots);
  const providers = new ProviderRegistry();
  if (ctx.config.simulatorEnabled) providers.register('simulator', simulatorProvider(ctx));
  providers.register('cloud', cloudProvider(ctx));
  providers.register('beta', betaProvider(ctx.config));
  const sessions = createSessions(ctx, inbound, providers, { databaseUrl: options.databaseUrl });
  registerContactPictureJob(ctx, { sessions, storage: outbound.storage });
  registerBotTurnsPurgeJob(ctx);
  return {
    inbound,
    sessions,
    outbound,
    providers,
    bots,
    async start() {
      if (ctx.config.roles.has('worker')) {
        await inbound.start();
        bots.start();
      }
      if (ctx.config.roles.has('sessions')) {
        await sessions.startAll();
        outbound.start();
      }
    },
    async stop() {
      await bots.stop();
      await outbound.stop();
      await sessions.stop();
      await inbound.stop();
    },
  };
}
