import type { resources } from '../../locales/en';

export type Resources = typeof resources;
export type Namespace = keyof Resources;

export const namespaces: Namespace[] = [
  'common',
  'auth',
  'errors',
  'layout',
  'pages',
  'todolist',
  'users',
  'validation',
  'queues',
  'tags',
  'quickMessages',
  'connections',
  'simulator',
  'settings',
  'companies',
  'plans',
  'helps',
  'tickets',
  'messages',
  'contacts',
  'dashboard',
  'prompts',
  'queueIntegrations',
  'campaigns',
  'files',
  'announcements',
  'chats',
  'messagesApi',
  'invoices',
  'kanban',
  'schedules',
];
