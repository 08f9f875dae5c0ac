import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Resources } from '../i18n/namespaces';

export type PageKey = keyof Resources['pages']['titles'];

/**
 * Who may open a page beyond being signed in (spec 1 section 2, spec 2 section 6): holders of an ability
 * (the dashboard and simulator send others to the tickets, announcements tell them first) or companies whose
 * plan has a feature.
 */
export type PageGateKind =
  | 'dashboard.view'
  | 'simulator.use'
  | 'announcements.manage'
  | 'useOpenAi'
  | 'useIntegrations'
  | 'useInternalChat'
  | 'useExternalApi'
  | 'useKanban'
  | 'useSchedules';

export interface PrivateRoute {
  path: string;
  page: PageKey;
  /** The page. */
  component: LazyExoticComponent<ComponentType>;
  gate?: PageGateKind;
  /** Only routed while the browser's campaigns flag is present. */
  campaigns?: boolean;
}

const TodoListPage = lazy(() =>
  import('../../features/todolist/pages/TodoListPage').then((m) => ({ default: m.TodoListPage })),
);

const PromptsPage = lazy(() =>
  import('../../features/prompts/pages/PromptsPage').then((m) => ({ default: m.PromptsPage })),
);
const QueueIntegrationsPage = lazy(() =>
  import('../../features/queue-integrations/pages/QueueIntegrationsPage').then((m) => ({
    default: m.QueueIntegrationsPage,
  })),
);

const QueuesPage = lazy(() =>
  import('../../features/queues/pages/QueuesPage').then((m) => ({ default: m.QueuesPage })),
);
const TagsPage = lazy(() =>
  import('../../features/tags/pages/TagsPage').then((m) => ({ default: m.TagsPage })),
);
const QuickMessagesPage = lazy(() =>
  import('../../features/quick-messages/pages/QuickMessagesPage').then((m) => ({
    default: m.QuickMessagesPage,
  })),
);

const ConnectionsPage = lazy(() =>
  import('../../features/connections/pages/ConnectionsPage').then((m) => ({ default: m.ConnectionsPage })),
);
const SimulatorPage = lazy(() =>
  import('../../features/simulator/pages/SimulatorPage').then((m) => ({ default: m.SimulatorPage })),
);

const TicketsPage = lazy(() =>
  import('../../features/tickets/pages/TicketsPage').then((m) => ({ default: m.TicketsPage })),
);

const DashboardPage = lazy(() =>
  import('../../features/dashboard/pages/DashboardPage').then((m) => ({ default: m.DashboardPage })),
);

const UsersPage = lazy(() =>
  import('../../features/users/pages/UsersPage').then((m) => ({ default: m.UsersPage })),
);
const SettingsPage = lazy(() =>
  import('../../features/settings/pages/SettingsPage').then((m) => ({ default: m.SettingsPage })),
);
const HelpsPage = lazy(() =>
  import('../../features/helps/pages/HelpsPage').then((m) => ({ default: m.HelpsPage })),
);
const FinanceiroPage = lazy(() =>
  import('../../features/invoices/pages/FinanceiroPage').then((m) => ({ default: m.FinanceiroPage })),
);
const SubscriptionPage = lazy(() =>
  import('../../features/invoices/pages/SubscriptionPage').then((m) => ({ default: m.SubscriptionPage })),
);
const KanbanPage = lazy(() =>
  import('../../features/kanban/pages/KanbanPage').then((m) => ({ default: m.KanbanPage })),
);
const SchedulesPage = lazy(() =>
  import('../../features/schedules/pages/SchedulesPage').then((m) => ({ default: m.SchedulesPage })),
);
const ContactsPage = lazy(() =>
  import('../../features/contacts/pages/ContactsPage').then((m) => ({ default: m.ContactsPage })),
);

const AnnouncementsPage = lazy(() =>
  import('../../features/announcements/pages/AnnouncementsPage').then((m) => ({
    default: m.AnnouncementsPage,
  })),
);
const ChatsPage = lazy(() =>
  import('../../features/chats/pages/ChatsPage').then((m) => ({ default: m.ChatsPage })),
);
const MessagesApiPage = lazy(() =>
  import('../../features/messages-api/pages/MessagesApiPage').then((m) => ({ default: m.MessagesApiPage })),
);

const FilesPage = lazy(() =>
  import('../../features/files/pages/FilesPage').then((m) => ({ default: m.FilesPage })),
);
const ContactListsPage = lazy(() =>
  import('../../features/campaigns/pages/ContactListsPage').then((m) => ({ default: m.ContactListsPage })),
);
const ContactListItemsPage = lazy(() =>
  import('../../features/campaigns/pages/ContactListItemsPage').then((m) => ({
    default: m.ContactListItemsPage,
  })),
);
const CampaignsPage = lazy(() =>
  import('../../features/campaigns/pages/CampaignsPage').then((m) => ({ default: m.CampaignsPage })),
);
const CampaignReportPage = lazy(() =>
  import('../../features/campaigns/pages/CampaignReportPage').then((m) => ({
    default: m.CampaignReportPage,
  })),
);
const CampaignsConfigPage = lazy(() =>
  import('../../features/campaigns/pages/CampaignsConfigPage').then((m) => ({
    default: m.CampaignsConfigPage,
  })),
);

/** Every private route of spec 1 section 2, all exact. */
export const privateRoutes: PrivateRoute[] = [
  { path: '/', page: 'dashboard', gate: 'dashboard.view', component: DashboardPage },
  { path: '/tickets/:ticketId?', page: 'tickets', component: TicketsPage },
  { path: '/connections', page: 'connections', component: ConnectionsPage },
  { path: '/quick-messages', page: 'quickMessages', component: QuickMessagesPage },
  { path: '/todolist', page: 'todolist', component: TodoListPage },
  { path: '/schedules', page: 'schedules', gate: 'useSchedules', component: SchedulesPage },
  { path: '/tags', page: 'tags', component: TagsPage },
  { path: '/contacts', page: 'contacts', component: ContactsPage },
  { path: '/helps', page: 'helps', component: HelpsPage },
  { path: '/users', page: 'users', component: UsersPage },
  { path: '/files', page: 'files', component: FilesPage },
  { path: '/prompts', page: 'prompts', gate: 'useOpenAi', component: PromptsPage },
  {
    path: '/queue-integration',
    page: 'queueIntegration',
    gate: 'useIntegrations',
    component: QueueIntegrationsPage,
  },
  { path: '/messages-api', page: 'messagesApi', gate: 'useExternalApi', component: MessagesApiPage },
  { path: '/settings', page: 'settings', component: SettingsPage },
  { path: '/kanban', page: 'kanban', gate: 'useKanban', component: KanbanPage },
  { path: '/financeiro', page: 'financeiro', component: FinanceiroPage },
  { path: '/queues', page: 'queues', component: QueuesPage },
  {
    path: '/announcements',
    page: 'announcements',
    gate: 'announcements.manage',
    component: AnnouncementsPage,
  },
  { path: '/subscription', page: 'subscription', component: SubscriptionPage },
  { path: '/chats/:id?', page: 'chats', gate: 'useInternalChat', component: ChatsPage },
  { path: '/simulator', page: 'simulator', gate: 'simulator.use', component: SimulatorPage },
  { path: '/contact-lists', page: 'contactLists', campaigns: true, component: ContactListsPage },
  {
    path: '/contact-lists/:contactListId/contacts',
    page: 'contactListItems',
    campaigns: true,
    component: ContactListItemsPage,
  },
  { path: '/campaigns', page: 'campaigns', campaigns: true, component: CampaignsPage },
  {
    path: '/campaign/:campaignId/report',
    page: 'campaignReport',
    campaigns: true,
    component: CampaignReportPage,
  },
  {
    path: '/campaigns-config',
    page: 'campaignsConfig',
    campaigns: true,
    component: CampaignsConfigPage,
  },
];
