import { announcementRoutes } from './resources/announcements';
import { authRoutes } from './resources/auth';
import { campaignRoutes } from './resources/campaigns';
import { chatRoutes } from './resources/chats';
import { cloudWebhookRoutes } from './resources/cloud-webhooks';
import { companyRoutes } from './resources/companies';
import { contactListItemRoutes, contactListRoutes } from './resources/contact-lists';
import { contactRoutes } from './resources/contacts';
import { dashboardRoutes } from './resources/dashboard';
import { externalApiRoutes } from './resources/external-api';
import { fileRoutes } from './resources/files';
import { helpRoutes } from './resources/helps';
import { invoiceRoutes } from './resources/invoices';
import { messageRoutes } from './resources/messages';
import { planRoutes } from './resources/plans';
import { promptRoutes } from './resources/prompts';
import { queueIntegrationRoutes } from './resources/queue-integrations';
import { queueOptionRoutes, queueRoutes } from './resources/queues';
import { quickMessageRoutes } from './resources/quick-messages';
import { scheduleRoutes } from './resources/schedules';
import { settingRoutes } from './resources/settings';
import { simulatorRoutes } from './resources/simulator';
import { subscriptionRoutes } from './resources/subscription';
import { tagRoutes } from './resources/tags';
import { ticketNoteRoutes } from './resources/ticket-notes';
import { ticketTagRoutes } from './resources/ticket-tags';
import { ticketRoutes } from './resources/tickets';
import { userRoutes } from './resources/users';
import { whatsappRoutes, whatsappSessionRoutes } from './resources/whatsapps';

/** The route table: every HTTP route of the product, by resource. */
export const routes = {
  auth: authRoutes,
  users: userRoutes,
  companies: companyRoutes,
  plans: planRoutes,
  settings: settingRoutes,
  helps: helpRoutes,
  whatsapps: whatsappRoutes,
  whatsappSessions: whatsappSessionRoutes,
  simulator: simulatorRoutes,
  cloudWebhooks: cloudWebhookRoutes,
  messages: messageRoutes,
  externalApi: externalApiRoutes,
  queues: queueRoutes,
  queueOptions: queueOptionRoutes,
  tags: tagRoutes,
  quickMessages: quickMessageRoutes,
  schedules: scheduleRoutes,
  tickets: ticketRoutes,
  ticketNotes: ticketNoteRoutes,
  ticketTags: ticketTagRoutes,
  contacts: contactRoutes,
  dashboard: dashboardRoutes,
  prompts: promptRoutes,
  queueIntegrations: queueIntegrationRoutes,
  contactLists: contactListRoutes,
  contactListItems: contactListItemRoutes,
  files: fileRoutes,
  campaigns: campaignRoutes,
  announcements: announcementRoutes,
  chats: chatRoutes,
  invoices: invoiceRoutes,
  subscription: subscriptionRoutes,
};
