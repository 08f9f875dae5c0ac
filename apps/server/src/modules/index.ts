import type { Messaging } from '../messaging';
import { lockChat, storeOutgoing } from '../messaging/outbound';
import { registerSimulatorRoutes } from '../messaging/providers/simulator';
import type { AppContext } from '../platform/context';
import { registerAuthRoutes } from './auth';
import { registerCampaigns, type CampaignDispatcher } from './campaigns';
import { registerCompaniesRoutes } from './companies';
import { registerContactListsJobs, registerContactListsRoutes } from './contact-lists';
import { registerContactsRoutes } from './contacts';
import { registerDashboardJobs, registerDashboardRoutes } from './dashboard';
import { registerExternalApiRoutes } from './external-api';
import { registerFilesRoutes } from './files';
import { registerHelpsRoutes } from './helps';
import { registerMessagesRoutes } from './messages';
import { registerPasswordResetRoutes } from './password-reset';
import { registerPlansRoutes } from './plans';
import { registerPresenceJobs } from './presence';
import { registerQueueOptionsRoutes } from './queue-options';
import { registerQueuesRoutes } from './queues';
import { registerQuickMessagesRoutes } from './quick-messages';
import { registerSettingsRoutes } from './settings';
import { registerTagsRoutes } from './tags';
import { registerTicketNotesRoutes } from './ticket-notes';
import { registerTicketTagsRoutes } from './ticket-tags';
import { registerTicketsHooks, registerTicketsRoutes } from './tickets';
import { registerTicketJobs } from './tickets/jobs';
import { registerUsersRoutes } from './users';
import { registerWhatsappsRoutes } from './whatsapps';

/** Background work of the modules that runs outside the job queue, started once the server listens. */
export interface ModuleServices {
  campaigns: CampaignDispatcher;
  start(): void;
  stop(): Promise<void>;
}

/** Registers every module's routes and hooks. */
export async function registerModules(ctx: AppContext, messaging: Messaging): Promise<ModuleServices> {
  registerAuthRoutes(ctx);
  registerUsersRoutes(ctx);
  registerCompaniesRoutes(ctx);
  registerPlansRoutes(ctx);
  registerHelpsRoutes(ctx);
  registerSettingsRoutes(ctx);
  registerWhatsappsRoutes(ctx, messaging);
  registerSimulatorRoutes(ctx, messaging.sessions);
  registerPasswordResetRoutes(ctx);
  registerPresenceJobs(ctx);
  registerQueuesRoutes(ctx);
  registerQueueOptionsRoutes(ctx);
  registerTagsRoutes(ctx);
  registerQuickMessagesRoutes(ctx);
  registerTicketsHooks(ctx);
  registerTicketsRoutes(ctx, messaging);
  registerTicketJobs(ctx, messaging.outbound);
  registerTicketNotesRoutes(ctx);
  registerTicketTagsRoutes(ctx);
  registerMessagesRoutes(ctx, messaging);
  registerExternalApiRoutes(ctx, messaging);
  registerContactsRoutes(ctx, messaging);
  registerDashboardRoutes(ctx);
  registerDashboardJobs(ctx);
  registerContactListsRoutes(ctx);
  registerFilesRoutes(ctx);
  registerContactListsJobs(ctx, (companyId, whatsappId, number) =>
    messaging.sessions.checkNumber(companyId, whatsappId, number),
  );
  const campaigns = registerCampaigns(ctx, {
    lockChat,
    async store(tx, input) {
      const { messages } = await storeOutgoing(tx, messaging.outbound, { ...input, origin: 'campaign' });
      return messages.map((m) => m.id);
    },
  });
  return {
    campaigns,
    // Campaigns are dispatched by worker nodes, like the jobs.
    start: () => {
      if (ctx.config.roles.has('worker')) campaigns.start();
    },
    stop: () => campaigns.stop(),
  };
}
