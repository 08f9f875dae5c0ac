import type { AppContext } from '../platform/context';
import type { MediaStorage } from '../platform/storage/media-storage';
import { registerAnnouncementsRoutes } from './announcements';
import { registerAuthRoutes } from './auth';
import { registerCampaigns, type CampaignDispatcher } from './campaigns';
import { registerChatsRoutes } from './chats';
import { registerCompaniesRoutes } from './companies';
import { registerContactsRoutes } from './contacts';
import { registerContactListsJobs, registerContactListsRoutes } from './contact-lists';
import { registerDashboardJobs, registerDashboardRoutes } from './dashboard';
import { registerExternalApiRoutes } from './external-api';
import { registerFilesRoutes } from './files';
import { registerHelpsRoutes } from './helps';
import { registerInvoiceJobs, registerInvoicesRoutes, requestCompanyInvoices } from './invoices';
import {
  registerMessagesRoutes,
  storeOutgoingMany,
  ticketMessagesOf,
  withdrawUnsentMessages,
  type MessagesEnv,
  type Outbox,
} from './messages';
import { registerPasswordResetRoutes } from './password-reset';
import { registerPlansRoutes } from './plans';
import { registerPresenceJobs } from './presence';
import { registerPromptsRoutes } from './prompts';
import { registerQueueIntegrationsRoutes } from './queue-integrations';
import { registerQueueOptionsRoutes } from './queue-options';
import { registerQueuesRoutes } from './queues';
import { registerQuickMessagesRoutes } from './quick-messages';
import { registerSchedulesRoutes, ScheduleSweeper, type ScheduleSenderEnv } from './schedules';
import { registerSettingsRoutes } from './settings';
import { createPixProvider, registerSubscriptionRoutes } from './subscription';
import { registerTagsRoutes } from './tags';
import { registerTicketNotesRoutes } from './ticket-notes';
import { registerTicketTagsRoutes } from './ticket-tags';
import { registerTicketsHooks, registerTicketsRoutes, type TicketsEnv, registerTicketJobs } from './tickets';
import { registerUsersRoutes } from './users';
import { registerWhatsappsRoutes, type SessionControl } from './whatsapps';

/**
 * What modules are handed at wiring. Modules never import `messaging/`: where a module must cause a delivery or
 * act on a live session it calls these ports, which messaging implements (see docs/ARCHITECTURE.md).
 */
export interface ModulePorts {
  /** Queues deliveries in the caller's transaction and runs the connection's queue. */
  outbox: Outbox;
  /** Live WhatsApp sessions, wherever they run. */
  sessions: SessionControl;
  /** The public media folder (uploads and the messages' files). */
  storage: MediaStorage;
}

/** The environments the wiring built, for tests that call a module's functions directly. */
export interface ModuleEnvs {
  messages: MessagesEnv;
  tickets: TicketsEnv;
  schedules: ScheduleSenderEnv;
  /** Timers faster than the job queue's minute: started on worker nodes once the server listens. */
  timers: ModuleTimers;
  /** The campaign dispatcher (started with the timers); tests tune its timing. */
  campaigns: CampaignDispatcher;
}

export interface ModuleTimers {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Registers every module's routes, hooks and jobs, handing each the ports it needs. */
export function registerModules(ctx: AppContext, ports: ModulePorts): ModuleEnvs {
  const messages: MessagesEnv = {
    ctx,
    storage: ports.storage,
    outbox: ports.outbox,
    sessions: ports.sessions,
  };
  // Tickets sit below messages: their automatic texts and read receipts come through this port.
  const tickets: TicketsEnv = { ctx, messages: ticketMessagesOf(messages) };
  registerAuthRoutes(ctx);
  registerUsersRoutes(ctx);
  registerCompaniesRoutes(ctx, {
    billingTermsChanged: (companyId) => requestCompanyInvoices(ctx, companyId),
  });
  registerPlansRoutes(ctx);
  registerHelpsRoutes(ctx);
  registerSettingsRoutes(ctx);
  registerWhatsappsRoutes(ctx, ports.sessions);
  registerPasswordResetRoutes(ctx);
  registerPresenceJobs(ctx);
  registerQueuesRoutes(ctx);
  registerQueueOptionsRoutes(ctx);
  registerTagsRoutes(ctx);
  registerQuickMessagesRoutes(ctx);
  registerTicketsHooks(ctx);
  registerTicketsRoutes(tickets);
  registerTicketJobs(ctx, tickets);
  registerTicketNotesRoutes(ctx);
  registerTicketTagsRoutes(ctx);
  registerMessagesRoutes(messages);
  registerExternalApiRoutes(messages);
  registerContactsRoutes(ctx, ports.sessions);
  registerDashboardRoutes(ctx);
  registerDashboardJobs(ctx);
  registerPromptsRoutes(ctx);
  registerQueueIntegrationsRoutes(ctx);
  registerAnnouncementsRoutes(ctx, ports.storage);
  registerChatsRoutes(ctx);
  registerInvoicesRoutes(ctx);
  registerInvoiceJobs(ctx);
  registerSubscriptionRoutes(ctx, createPixProvider(ctx.config, ctx.scopes));
  registerSchedulesRoutes(ctx);
  const schedules: ScheduleSenderEnv = { ctx, messages };
  registerContactListsRoutes(ctx);
  registerContactListsJobs(ctx, (companyId, whatsappId, number) =>
    ports.sessions.checkNumber(companyId, whatsappId, number),
  );
  registerFilesRoutes(ctx);
  const campaigns = registerCampaigns(ctx, {
    store: (tx, whatsappId, sends) =>
      storeOutgoingMany(tx, messages, whatsappId, sends, { origin: 'campaign', bulk: true }),
    hold: (tx, messageIds) => messages.outbox.hold(tx, messageIds),
    async release(tx, messageIds) {
      const connections = await messages.outbox.release(tx, messageIds);
      tx.afterCommit(() => connections.forEach((whatsappId) => messages.outbox.kick(whatsappId)));
    },
    async drop(tx, messageIds) {
      await withdrawUnsentMessages(tx, messages, await messages.outbox.dropHeld(tx, messageIds));
    },
  });
  const scheduleSweeper = new ScheduleSweeper(schedules);
  return {
    messages,
    tickets,
    schedules,
    campaigns,
    timers: {
      start: async () => {
        await scheduleSweeper.start();
        campaigns.start();
      },
      stop: async () => {
        await campaigns.stop();
        await scheduleSweeper.stop();
      },
    },
  };
}
