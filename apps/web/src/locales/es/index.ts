import auth from './auth.json';
import common from './common.json';
import connections from './connections.json';
import errors from './errors.json';
import layout from './layout.json';
import pages from './pages.json';
import todolist from './todolist.json';
import users from './users.json';
import validation from './validation.json';
import queues from './queues.json';
import quickMessages from './quickMessages.json';
import simulator from './simulator.json';
import tags from './tags.json';
import settings from './settings.json';
import companies from './companies.json';
import plans from './plans.json';
import helps from './helps.json';
import tickets from './tickets.json';
import messages from './messages.json';
import contacts from './contacts.json';
import dashboard from './dashboard.json';
import prompts from './prompts.json';
import queueIntegrations from './queueIntegrations.json';
import campaigns from './campaigns.json';
import files from './files.json';
import announcements from './announcements.json';
import chats from './chats.json';
import messagesApi from './messagesApi.json';
import invoices from './invoices.json';
import kanban from './kanban.json';
import schedules from './schedules.json';

/** Every namespace of this language; loaded as one chunk when the language is first used. */
export const resources = {
  common,
  auth,
  errors,
  layout,
  pages,
  todolist,
  users,
  validation,
  queues,
  tags,
  quickMessages,
  connections,
  simulator,
  settings,
  companies,
  plans,
  helps,
  tickets,
  messages,
  contacts,
  dashboard,
  prompts,
  queueIntegrations,
  campaigns,
  files,
  announcements,
  chats,
  messagesApi,
  invoices,
  kanban,
  schedules,
};
