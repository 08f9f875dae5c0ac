/**
 * The call list of spec 1 section 7 and spec 2 section 7, as data: method and path exactly as the spec writes
 * them (trailing slashes and query parameters included), with a minimal valid body and the answer keys the spec
 * (or, where it is silent, the contract) documents. conformance.int.test.ts sends each in order.
 *
 * `pending: true` marks a call whose feature is still being built: the test then checks that the route is still
 * missing, and FAILS once it answers, so whoever lands the route flips the row (delete `pending`) and lets the row
 * assert its answer.
 *
 * Placeholders: `{id}` is the saved row named by `id`; other `{name}`s are world values of that name (see
 * world.ts). `save` keeps the answer's `id` under a name for later rows. Bodies may name saved rows as `$name`.
 */
export type Caller = 'admin' | 'super' | 'visitor' | 'anonymous' | 'apiToken';

export interface SpecCall {
  /** `METHOD /path?query` exactly as the spec writes it, `{…}` for path values. */
  call: string;
  /** Spec 1 or 2, section 7's subsection. */
  section: string;
  /** What the spec's `{id}` is: a saved row's name. */
  id?: string;
  /** Who calls (default admin). */
  as?: Caller;
  body?: unknown;
  /** A multipart body: text fields and files (field name → file name). */
  multipart?: { fields: Record<string, string>; files?: Record<string, string> };
  /** Sends the visitor's refresh cookie. */
  refreshCookie?: true;
  /** Top-level keys of the answer, or `array` for a list answer. */
  answer?: readonly string[] | 'array';
  /** The expected status when it is not 200. */
  status?: number;
  /** Keeps the answer's `id` (or the named key) under this name. */
  save?: string;
  saveKey?: string;
  /** Not built yet: the route must still be missing. Delete the marker when the route lands. */
  pending?: true;
}

const paged = ['hasMore'] as const;

export const specCalls: readonly SpecCall[] = [
  // ── Spec 1 §7 Authentication and account ─────────────────────────────────────────────────────────────────
  {
    section: '1 auth',
    call: 'POST /auth/login',
    as: 'anonymous',
    body: { email: '{loginEmail}', password: '{loginPassword}' },
    answer: ['token', 'user'],
  },
  {
    section: '1 auth',
    call: 'POST /auth/refresh_token',
    as: 'anonymous',
    refreshCookie: true,
    answer: ['token', 'user'],
  },
  { section: '1 auth', call: 'GET /auth/me', answer: ['id', 'name', 'profile', 'companyId'] },
  { section: '1 auth', call: 'GET /version', as: 'anonymous', answer: ['version'] },
  { section: '1 auth', call: 'POST /users/set-language/{lang}' },

  // ── Spec 1 §7 Reference data ─────────────────────────────────────────────────────────────────────────────
  { section: '1 reference', call: 'GET /settings/', answer: 'array' },
  {
    section: '1 reference',
    call: 'PUT /settings/{key}',
    body: { key: '{key}', value: 'enabled' },
    answer: ['key', 'value'],
  },
  { section: '1 reference', call: 'GET /queue', answer: 'array' },
  { section: '1 reference', call: 'GET /queue?companyId={companyId}', answer: 'array' },
  { section: '1 reference', call: 'GET /whatsapp?companyId={companyId}&session=0', answer: 'array' },
  { section: '1 reference', call: 'GET /whatsapp/?session=0', answer: 'array' },
  { section: '1 reference', call: 'GET /users/list?companyId={companyId}', answer: 'array' },
  { section: '1 reference', call: 'GET /contacts/list?companyId={companyId}', answer: 'array' },
  { section: '1 reference', call: 'GET /prompt', answer: ['prompts'] },
  {
    section: '1 reference',
    call: 'GET /quick-messages/list?companyId={companyId}&userId={adminId}',
    answer: 'array',
  },
  {
    section: '1 reference',
    call: 'POST /contacts',
    body: { name: 'Conformance Contact', number: '+55 (11) 92172-6728', email: 'c@example.com' },
    answer: ['id', 'name', 'number', 'email'],
    save: 'contact',
  },
  {
    section: '1 reference',
    call: 'GET /contacts?searchParam=Conformance&pageNumber=1&date=&dateStart=&dateEnd=',
    answer: ['contacts', 'hasMore', 'count'],
  },
  {
    section: '1 reference',
    call: 'GET /contacts/{id}',
    id: 'contact',
    answer: ['id', 'name', 'number', 'email', 'extraInfo'],
  },
  {
    section: '1 reference',
    call: 'PUT /contacts/{id}',
    id: 'contact',
    body: {
      name: 'Conformance Contact 2',
      number: '5511921726728',
      email: '',
      extraInfo: [{ name: 'CPF', value: '1' }],
    },
    answer: ['id', 'name', 'number', 'email', 'extraInfo'],
  },
  {
    section: '1 reference',
    call: 'GET /announcements/?searchParam=&pageNumber=1',
    answer: ['records', ...paged],
  },
  { section: '1 reference', call: 'GET /chats/?searchParam=&pageNumber=1', answer: ['records', ...paged] },

  // ── Spec 1 §7 Tickets and messages ───────────────────────────────────────────────────────────────────────
  {
    section: '1 tickets',
    call: 'GET /tickets?searchParam=&pageNumber=1&tags=[]&users=[]&status=pending&date=&updatedAt=&showAll=true&queueIds=[]&withUnreadMessages=false',
    answer: ['tickets', ...paged],
  },
  {
    section: '1 tickets',
    call: 'GET /tickets/{id}',
    id: 'ticket',
    answer: ['id', 'uuid', 'status', 'contact'],
  },
  { section: '1 tickets', call: 'GET /tickets/u/{ticketUuid}', answer: ['id', 'uuid', 'status', 'contact'] },
  {
    section: '1 tickets',
    call: 'PUT /tickets/{id}',
    id: 'ticket',
    body: {
      status: 'open',
      userId: '{adminId}',
      queueId: null,
      whatsappId: '{connectionId}',
      useIntegration: false,
      promptId: null,
      integrationId: null,
    },
    answer: ['id', 'status', 'userId'],
  },
  {
    section: '1 tickets',
    call: 'POST /tickets',
    body: {
      contactId: '$contact',
      queueId: null,
      whatsappId: '{connectionId}',
      userId: '{adminId}',
      status: 'open',
    },
    answer: ['id', 'uuid', 'status', 'contact'],
    save: 'newTicket',
  },
  {
    section: '1 tickets',
    call: 'GET /messages/{id}?pageNumber=1',
    id: 'ticket',
    answer: ['messages', ...paged],
  },
  {
    section: '1 tickets',
    call: 'POST /messages/{id}',
    id: 'ticket',
    body: { read: 1, fromMe: true, mediaUrl: null, body: 'Olá, conformance', quotedMsg: null },
    answer: ['messages'],
  },
  {
    section: '1 tickets',
    call: 'POST /messages/{id}',
    id: 'ticket',
    multipart: { fields: { body: 'boleto.pdf', fromMe: 'true' }, files: { medias: 'boleto.pdf' } },
    answer: ['messages'],
  },
  {
    section: '1 tickets',
    call: 'GET /ticket-notes/list?ticketId={ticketId}&contactId={ticketContactId}',
    answer: 'array',
  },
  {
    section: '1 tickets',
    call: 'POST /ticket-notes',
    body: { note: 'Conformance note', ticketId: '{ticketId}', contactId: '{ticketContactId}' },
    answer: ['id', 'note', 'ticketId', 'contactId'],
    save: 'note',
  },
  { section: '1 tickets', call: 'DELETE /ticket-notes/{id}', id: 'note' },
  { section: '1 tickets', call: 'GET /tags/list', answer: 'array' },
  {
    section: '1 tickets',
    call: 'POST /tags',
    body: { name: 'Conformance tag' },
    answer: ['id', 'name', 'color'],
    save: 'tag',
  },
  { section: '1 tickets', call: 'POST /tags/sync', body: { ticketId: '{ticketId}', tags: [{ id: '$tag' }] } },
  { section: '1 tickets', call: 'DELETE /tickets/{id}', id: 'newTicket' },

  // ── Spec 1 §7 Dashboard ──────────────────────────────────────────────────────────────────────────────────
  {
    section: '1 dashboard',
    call: 'GET /dashboard?days=7&date_from=&date_to=',
    answer: ['counters', 'attendants'],
  },
  {
    section: '1 dashboard',
    call: 'GET /dashboard/ticketsUsers?initialDate=2026-01-01&finalDate=2026-12-31&companyId={companyId}',
    answer: ['data'],
  },
  {
    section: '1 dashboard',
    call: 'GET /dashboard/ticketsDay?initialDate=2026-01-01&finalDate=2026-12-31&companyId={companyId}',
    answer: ['data', 'count'],
  },

  // ── Spec 1 §7 Connections ────────────────────────────────────────────────────────────────────────────────
  {
    section: '1 connections',
    call: 'POST /whatsapp',
    body: { name: 'Conformance connection', provider: 'simulator', isDefault: false, queueIds: [] },
    answer: ['id', 'name', 'status'],
    save: 'connection',
  },
  {
    section: '1 connections',
    call: 'GET /whatsapp/{id}',
    id: 'connection',
    answer: ['id', 'name', 'status', 'queues'],
  },
  {
    section: '1 connections',
    call: 'PUT /whatsapp/{id}',
    id: 'connection',
    body: { name: 'Conformance connection 2', queueIds: [], transferQueueId: null, promptId: null },
    answer: ['id', 'name'],
  },
  { section: '1 connections', call: 'POST /whatsappsession/{id}', id: 'connection' },
  { section: '1 connections', call: 'PUT /whatsappsession/{id}', id: 'connection' },
  { section: '1 connections', call: 'DELETE /whatsappsession/{id}', id: 'connection' },
  { section: '1 connections', call: 'DELETE /whatsapp/{id}', id: 'connection' },

  // ── Spec 1 §7 Users ──────────────────────────────────────────────────────────────────────────────────────
  { section: '1 users', call: 'GET /users/?searchParam=&pageNumber=1', answer: ['users', ...paged] },
  {
    section: '1 users',
    call: 'POST /users',
    body: {
      name: 'Conformance User',
      email: '{uniqueEmail}',
      password: 'secret1',
      timeZone: 'UTC',
      profile: 'user',
      allTicket: 'desabled',
      whatsappId: false,
      companyId: '{companyId}',
      queueIds: [],
    },
    answer: ['id', 'name', 'email', 'profile'],
    save: 'user',
  },
  {
    section: '1 users',
    call: 'GET /users/{id}',
    id: 'user',
    answer: ['id', 'name', 'email', 'profile', 'queues'],
  },
  {
    section: '1 users',
    call: 'PUT /users/{id}',
    id: 'user',
    body: { name: 'Conformance User 2', whatsappId: '' },
    answer: ['id', 'name'],
  },
  { section: '1 users', call: 'DELETE /users/{id}', id: 'user' },

  // ── Spec 1 §7 Scheduled messages ─────────────────────────────────────────────────────────────────────────
  {
    section: '1 schedules',
    call: 'POST /schedules',
    body: {
      body: 'Lembrete da consulta',
      contactId: '{ticketContactId}',
      sendAt: '2099-01-01T10:00:00-03:00',
    },
    answer: ['id', 'body', 'contactId', 'sendAt', 'status'],
    save: 'schedule',
  },
  { section: '1 schedules', call: 'GET /schedules', answer: ['schedules', ...paged] },
  // The spec writes "GET, POST, PUT /schedules": the edit names its schedule.
  {
    section: '1 schedules',
    call: 'PUT /schedules/{id}',
    id: 'schedule',
    body: { body: 'Lembrete remarcado', sendAt: '2099-01-02T10:00:00-03:00' },
    answer: ['id', 'body', 'status'],
  },
  {
    section: '1 schedules',
    call: 'POST /schedules/{id}/media-upload',
    id: 'schedule',
    multipart: { fields: {}, files: { file: 'a.png' } },
    answer: ['id', 'mediaPath', 'mediaName'],
  },
  { section: '1 schedules', call: 'DELETE /schedules/{id}/media-upload', id: 'schedule' },

  // ── Spec 1 §7 Companies, plans, helps, settings ──────────────────────────────────────────────────────────
  {
    section: '1 companies',
    call: 'POST /companies/cadastro',
    as: 'anonymous',
    body: {
      name: '{uniqueName}',
      email: '{uniqueEmail}',
      phone: '(11) 92172-6728',
      password: 'secret1',
      planId: '{planId}',
      recurrence: 'MENSAL',
      dueDate: '2099-01-01',
      status: true,
      campaignsEnabled: true,
    },
    answer: ['id', 'name', 'email', 'planId', 'dueDate'],
  },
  {
    section: '1 companies',
    call: 'POST /companies',
    as: 'super',
    body: {
      name: '{uniqueName}',
      email: '{uniqueEmail}',
      phone: '',
      planId: '{planId}',
      status: true,
      dueDate: '',
      recurrence: 'MENSAL',
    },
    answer: ['id', 'name', 'email', 'planId', 'dueDate'],
    save: 'company',
  },
  {
    section: '1 companies',
    call: 'PUT /companies/{id}',
    id: 'company',
    as: 'super',
    body: { name: '{uniqueName}' },
    answer: ['id', 'name'],
  },
  { section: '1 companies', call: 'GET /companies/list', as: 'super', answer: 'array' },
  {
    section: '1 companies',
    call: 'GET /companies/{id}',
    id: 'company',
    as: 'super',
    answer: ['id', 'name', 'dueDate'],
  },
  { section: '1 companies', call: 'GET /companies', as: 'super', answer: ['companies', ...paged] },
  {
    section: '1 companies',
    call: 'PUT /companies/{id}/schedules',
    id: 'ownCompany',
    body: {
      schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' }],
    },
    answer: ['id', 'schedules'],
  },
  { section: '1 companies', call: 'GET /companies/listPlan/{companyId}', answer: ['plan'] },
  { section: '1 companies', call: 'DELETE /companies/{id}', id: 'company', as: 'super' },
  { section: '1 plans', call: 'GET /plans/list', as: 'anonymous', answer: 'array' },
  { section: '1 plans', call: 'GET /plans/all', as: 'anonymous', answer: 'array' },
  {
    section: '1 plans',
    call: 'POST /plans',
    as: 'super',
    body: { name: '{uniqueName}', users: 5, connections: 2, queues: 3, value: 49 },
    answer: ['id', 'name', 'users', 'connections', 'queues', 'value', 'useCampaigns'],
    save: 'plan',
  },
  {
    section: '1 plans',
    call: 'PUT /plans/{id}',
    id: 'plan',
    as: 'super',
    body: { name: '{uniqueName}', users: 6 },
    answer: ['id', 'users'],
  },
  {
    section: '1 plans',
    call: 'GET /plans/{id}',
    id: 'plan',
    as: 'super',
    answer: ['id', 'name', 'useOpenAi'],
  },
  { section: '1 plans', call: 'DELETE /plans/{id}', id: 'plan', as: 'super' },
  { section: '1 helps', call: 'GET /helps', answer: ['records', ...paged] },
  { section: '1 helps', call: 'GET /helps/list', answer: 'array' },
  {
    section: '1 helps',
    call: 'POST /helps',
    as: 'super',
    body: { title: 'Conformance help', description: 'How to', video: 'abc123' },
    answer: ['id', 'title', 'video'],
    save: 'help',
  },
  {
    section: '1 helps',
    call: 'PUT /helps/{id}',
    id: 'help',
    as: 'super',
    body: { title: 'Conformance help 2' },
    answer: ['id', 'title'],
  },
  { section: '1 helps', call: 'DELETE /helps/{id}', id: 'help', as: 'super' },

  // ── Spec 1 §7 Invoices and payment ───────────────────────────────────────────────────────────────────────
  // Server-behaviour 17.1: the company's invoices as a plain array, unpaged (the client's `hasMore` is unset).
  { section: '1 invoices', call: 'GET /invoices/all?searchParam=&pageNumber=1', answer: 'array' },
  {
    section: '1 invoices',
    call: 'POST /subscription',
    body: {
      firstName: 'Ana',
      lastName: 'Souza',
      address2: 'Rua A, 1',
      city: 'São Paulo',
      state: 'SP',
      zipcode: '01000-000',
      country: 'BR',
      plan: '{planId}',
      price: 49,
      users: 1,
      connections: 1,
      invoiceId: '{invoiceId}',
    },
    answer: ['qrcode', 'valor', 'txid'],
  },

  // ── Spec 2 §7 Contacts ───────────────────────────────────────────────────────────────────────────────────
  {
    section: '2 contacts',
    call: 'POST /contacts/upload',
    body: [{ nome: 'Planilha Um', numero: '+55 (11) 93333-0001', email: '' }],
    answer: ['newContacts', 'errorBag'],
  },
  {
    section: '2 contacts',
    call: 'GET /contacts/?searchParam=Planilha&pageNumber=1',
    answer: ['contacts', ...paged],
  },
  { section: '2 contacts', call: 'POST /contacts/import' },
  { section: '2 contacts', call: 'DELETE /contacts/{id}', id: 'contact' },

  // ── Spec 2 §7 Queues and options ─────────────────────────────────────────────────────────────────────────
  {
    section: '2 queues',
    call: 'POST /queue',
    body: { name: 'Conformance queue', color: '#123456', greetingMessage: '', schedules: [], promptId: null },
    answer: ['id', 'name', 'color', 'schedules'],
    save: 'queue',
  },
  { section: '2 queues', call: 'GET /queue', answer: 'array' },
  { section: '2 queues', call: 'GET /queue/{id}', id: 'queue', answer: ['id', 'name', 'color'] },
  {
    section: '2 queues',
    call: 'PUT /queue/{id}',
    id: 'queue',
    body: { name: 'Conformance queue 2', schedules: [], promptId: null },
    answer: ['id', 'name'],
  },
  {
    section: '2 queues',
    call: 'POST /queue-options',
    body: { title: 'Vendas', option: 1, queueId: '$queue', parentId: -1, message: 'Escolha' },
    answer: ['id', 'title', 'option', 'queueId', 'parentId'],
    save: 'option',
  },
  { section: '2 queues', call: 'GET /queue-options?queueId={savedQueue}&parentId=-1', answer: 'array' },
  {
    section: '2 queues',
    call: 'PUT /queue-options/{id}',
    id: 'option',
    body: { title: 'Vendas 2', option: '2' },
    answer: ['id', 'title', 'option'],
  },
  { section: '2 queues', call: 'DELETE /queue-options/{id}', id: 'option' },
  { section: '2 queues', call: 'GET /prompt', answer: ['prompts'] },
  { section: '2 queues', call: 'GET /settings', answer: 'array' },
  { section: '2 queues', call: 'GET /queueIntegration', answer: ['queueIntegrations'] },
  { section: '2 queues', call: 'DELETE /queue/{id}', id: 'queue' },

  // ── Spec 2 §7 Tags and kanban ────────────────────────────────────────────────────────────────────────────
  { section: '2 tags', call: 'GET /tags/?searchParam=&pageNumber=1', answer: ['tags', ...paged] },
  { section: '2 tags', call: 'GET /tags/{id}', id: 'tag', answer: ['id', 'name', 'color', 'kanban'] },
  {
    section: '2 tags',
    call: 'PUT /tags/{id}',
    id: 'tag',
    body: { name: 'Conformance tag 2', color: '#A4CCCC', kanban: 1, userId: '{adminId}' },
    answer: ['id', 'name', 'kanban'],
  },
  { section: '2 tags', call: 'GET /tags?companyId={companyId}', answer: ['tags', ...paged] },
  { section: '2 tags', call: 'GET /tags/kanban', answer: ['lista'] },
  { section: '2 tags', call: 'GET /ticket/kanban?queueIds=[]&showAll=true', answer: ['tickets'] },
  { section: '2 tags', call: 'PUT /ticket-tags/{ticketId}/{savedTag}' },
  { section: '2 tags', call: 'DELETE /ticket-tags/{ticketId}' },
  { section: '2 tags', call: 'DELETE /tags/{id}', id: 'tag' },

  // ── Spec 2 §7 External API ───────────────────────────────────────────────────────────────────────────────
  {
    section: '2 external API',
    call: 'POST /api/messages/send',
    as: 'apiToken',
    body: { number: '+55 (11) 94444-0001', body: 'API hello' },
  },
  {
    section: '2 external API',
    call: 'POST /api/messages/send',
    as: 'apiToken',
    multipart: { fields: { number: '5511944440002', body: 'nota.pdf' }, files: { medias: 'nota.pdf' } },
  },

  // ── Spec 2 §7 Contact lists ──────────────────────────────────────────────────────────────────────────────
  {
    section: '2 contact lists',
    call: 'POST /contact-lists',
    body: { name: 'Conformance list' },
    answer: ['id', 'name', 'contactsCount'],
    save: 'contactList',
  },
  {
    section: '2 contact lists',
    call: 'GET /contact-lists/?searchParam=&pageNumber=1',
    answer: ['records', ...paged],
  },
  { section: '2 contact lists', call: 'GET /contact-lists/list', answer: 'array' },
  {
    section: '2 contact lists',
    call: 'GET /contact-lists/{id}',
    id: 'contactList',
    answer: ['id', 'name', 'contactsCount'],
  },
  {
    section: '2 contact lists',
    call: 'PUT /contact-lists/{id}',
    id: 'contactList',
    body: { name: 'xy' },
    answer: ['id', 'name'],
  },
  {
    section: '2 contact lists',
    call: 'POST /contact-list-items',
    body: {
      name: 'Item',
      number: '5511955550001',
      email: '',
      companyId: '{companyId}',
      contactListId: '$contactList',
    },
    answer: ['id', 'name', 'number', 'email', 'isWhatsappValid', 'contactListId'],
    save: 'contactListItem',
  },
  {
    section: '2 contact lists',
    call: 'GET /contact-list-items?searchParam=&pageNumber=1&contactListId={savedContactList}',
    answer: ['contacts', ...paged],
  },
  {
    section: '2 contact lists',
    call: 'GET /contact-list-items/{id}',
    id: 'contactListItem',
    answer: ['id', 'name', 'number', 'isWhatsappValid'],
  },
  {
    section: '2 contact lists',
    call: 'PUT /contact-list-items/{id}',
    id: 'contactListItem',
    body: { name: 'xy', number: '5511955550001', email: '' },
    answer: ['id', 'name'],
  },
  { section: '2 contact lists', call: 'DELETE /contact-list-items/{id}', id: 'contactListItem' },
  {
    section: '2 contact lists',
    call: 'POST /contact-lists/{id}/upload',
    id: 'contactList',
    // The list-item import takes .xls or .xlsx only (spec 2 section 5): a .csv is refused naming `file`.
    multipart: { fields: {}, files: { file: 'list.csv' } },
    status: 400,
  },

  // ── Spec 2 §7 Quick messages ─────────────────────────────────────────────────────────────────────────────
  {
    section: '2 quick messages',
    call: 'POST /quick-messages',
    body: { shortcode: 'conf', message: 'Olá {{name}}', geral: 1 },
    answer: ['id', 'shortcode', 'message', 'geral'],
    save: 'quick',
  },
  {
    section: '2 quick messages',
    call: 'GET /quick-messages?searchParam=&pageNumber=1&userId={adminId}',
    answer: ['records', ...paged],
  },
  {
    section: '2 quick messages',
    call: 'GET /quick-messages/{id}',
    id: 'quick',
    answer: ['id', 'shortcode', 'message'],
  },
  {
    section: '2 quick messages',
    call: 'PUT /quick-messages/{id}',
    id: 'quick',
    body: { shortcode: 'conf2', message: 'Oi', geral: 'false' },
    answer: ['id', 'shortcode'],
  },
  {
    section: '2 quick messages',
    call: 'POST /quick-messages/{id}/media-upload',
    id: 'quick',
    multipart: { fields: { typeArch: 'quickMessage' }, files: { file: 'tabela.pdf' } },
    answer: ['id', 'mediaPath', 'mediaName'],
  },
  { section: '2 quick messages', call: 'DELETE /quick-messages/{id}/media-upload', id: 'quick' },
  { section: '2 quick messages', call: 'DELETE /quick-messages/{id}', id: 'quick' },

  // ── Spec 2 §7 Schedules ──────────────────────────────────────────────────────────────────────────────────
  {
    section: '2 schedules',
    call: 'GET /schedules/?searchParam=&pageNumber=1',
    answer: ['schedules', ...paged],
  },
  { section: '2 schedules', call: 'DELETE /schedules/{id}', id: 'schedule' },

  // ── Spec 2 §7 Campaigns ──────────────────────────────────────────────────────────────────────────────────
  {
    section: '2 campaigns',
    call: 'POST /campaigns',
    body: { name: 'Conformance campaign' },
    answer: ['id', 'name', 'status'],
    save: 'campaign',
  },
  {
    section: '2 campaigns',
    call: 'GET /campaigns/?searchParam=&pageNumber=1',
    answer: ['records', ...paged],
  },
  {
    section: '2 campaigns',
    call: 'GET /campaigns/{id}',
    id: 'campaign',
    answer: ['id', 'name', 'status', 'contactList', 'whatsapp'],
  },
  {
    section: '2 campaigns',
    call: 'PUT /campaigns/{id}',
    id: 'campaign',
    body: { name: 'xy' },
    answer: ['id', 'name', 'status'],
  },
  {
    section: '2 campaigns',
    call: 'POST /campaigns/{id}/media-upload',
    id: 'campaign',
    multipart: { fields: {}, files: { file: 'a.png' } },
    answer: ['id', 'mediaPath', 'mediaName'],
  },
  { section: '2 campaigns', call: 'DELETE /campaigns/{id}/media-upload', id: 'campaign' },
  // An INATIVA campaign is neither running nor cancelled: both transitions are refused.
  { section: '2 campaigns', call: 'POST /campaigns/{id}/cancel', id: 'campaign', status: 400 },
  { section: '2 campaigns', call: 'POST /campaigns/{id}/restart', id: 'campaign', status: 400 },
  { section: '2 campaigns', call: 'DELETE /campaigns/{id}', id: 'campaign' },
  { section: '2 campaigns', call: 'GET /files/?companyId={companyId}', answer: ['files', ...paged] },
  { section: '2 campaigns', call: 'GET /whatsapp?companyId={companyId}&session=0', answer: 'array' },
  { section: '2 campaigns', call: 'GET /campaign-settings', answer: 'array' },
  { section: '2 campaigns', call: 'POST /campaign-settings', body: { settings: {} }, answer: 'array' },
  { section: '2 contact lists', call: 'DELETE /contact-lists/{id}', id: 'contactList' },

  // ── Spec 2 §7 Announcements ──────────────────────────────────────────────────────────────────────────────
  {
    section: '2 announcements',
    call: 'POST /announcements',
    as: 'super',
    body: { title: 'Manutenção', text: 'Sábado às 22h', priority: 1, status: true },
    answer: ['id', 'title', 'text', 'priority', 'status'],
    save: 'announcement',
  },
  {
    section: '2 announcements',
    call: 'GET /announcements/?searchParam=&pageNumber=1',
    answer: ['records', ...paged],
  },
  {
    section: '2 announcements',
    call: 'GET /announcements/{id}',
    id: 'announcement',
    answer: ['id', 'title', 'text'],
  },
  {
    section: '2 announcements',
    call: 'PUT /announcements/{id}',
    id: 'announcement',
    as: 'super',
    body: { title: 'Manutenção adiada' },
    answer: ['id', 'title'],
  },
  {
    section: '2 announcements',
    call: 'POST /announcements/{id}/media-upload',
    id: 'announcement',
    as: 'super',
    multipart: { fields: {}, files: { file: 'a.png' } },
    answer: ['id', 'mediaPath', 'mediaName'],
  },
  {
    section: '2 announcements',
    call: 'DELETE /announcements/{id}/media-upload',
    id: 'announcement',
    as: 'super',
  },
  { section: '2 announcements', call: 'DELETE /announcements/{id}', id: 'announcement', as: 'super' },

  // ── Spec 2 §7 Internal chat ──────────────────────────────────────────────────────────────────────────────
  {
    section: '2 internal chat',
    call: 'POST /chats',
    body: { users: [{ id: '{visitorId}', name: 'Visitor' }], title: 'Conformance chat' },
    answer: ['id', 'uuid', 'title', 'users'],
    save: 'chat',
  },
  { section: '2 internal chat', call: 'GET /chats', answer: ['records'] },
  {
    section: '2 internal chat',
    call: 'PUT /chats/{id}',
    id: 'chat',
    body: { title: 'Conformance chat 2' },
    answer: ['id', 'title'],
  },
  {
    section: '2 internal chat',
    call: 'POST /chats/{id}/messages',
    id: 'chat',
    body: { message: 'Oi, equipe' },
    answer: ['id', 'chatId', 'message'],
  },
  {
    section: '2 internal chat',
    call: 'GET /chats/{id}/messages?pageNumber=1',
    id: 'chat',
    answer: ['records', ...paged],
  },
  { section: '2 internal chat', call: 'POST /chats/{id}/read', id: 'chat', body: { userId: '{adminId}' } },
  { section: '2 internal chat', call: 'DELETE /chats/{id}', id: 'chat' },

  // ── Spec 2 §7 Files library ──────────────────────────────────────────────────────────────────────────────
  {
    section: '2 files',
    call: 'POST /files',
    body: {
      name: 'Conformance files',
      message: 'Arquivos',
      options: [{ name: 'Tabela' }],
      userId: '{adminId}',
    },
    answer: ['id', 'options'],
    save: 'fileList',
  },
  {
    section: '2 files',
    call: 'GET /files/?searchParam=&pageNumber=1',
    answer: ['files', ...paged],
  },
  {
    section: '2 files',
    call: 'GET /files/{id}',
    id: 'fileList',
    answer: ['id', 'name', 'message', 'options'],
  },
  {
    section: '2 files',
    call: 'PUT /files/{id}',
    id: 'fileList',
    body: { name: 'Conformance files 2', message: 'Arquivos', options: [] },
    answer: ['id', 'name', 'options'],
  },
  {
    section: '2 files',
    call: 'POST /files/uploadList/{id}',
    id: 'fileList',
    // No option left after the edit: a file for option 1 names an option of no list of this company.
    multipart: { fields: { fileId: '1', typeArch: 'fileList', id: '999999' }, files: { files: 'a.pdf' } },
    status: 400,
  },
  { section: '2 files', call: 'DELETE /files/{id}', id: 'fileList' },

  // ── Spec 2 §7 Prompts ────────────────────────────────────────────────────────────────────────────────────
  { section: '2 prompts', call: 'GET /queue', answer: 'array' },
  { section: '2 prompts', call: 'GET /prompt', answer: ['prompts'] },
  {
    section: '2 prompts',
    call: 'POST /prompt',
    body: {
      name: 'Prompt P',
      prompt: 'You are a helpful assistant of the shop; answer briefly and politely.',
      model: 'gpt-4o-mini',
      maxTokens: 100,
      temperature: 1,
      apiKey: 'sk-x',
      queueId: 0,
      maxMessages: 10,
    },
    answer: [
      'id',
      'name',
      'prompt',
      'model',
      'maxTokens',
      'temperature',
      'apiKey',
      'queueId',
      'maxMessages',
      'queue',
    ],
    save: 'prompt',
  },
  { section: '2 prompts', call: 'GET /prompt/{id}', id: 'prompt', answer: ['id', 'name', 'queue'] },
  {
    section: '2 prompts',
    call: 'PUT /prompt/{id}',
    id: 'prompt',
    body: { name: 'Prompt x' },
    answer: ['id'],
  },
  { section: '2 prompts', call: 'DELETE /prompt/{id}', id: 'prompt', answer: ['message'] },

  // ── Spec 2 §7 Queue integrations ─────────────────────────────────────────────────────────────────────────
  {
    section: '2 integrations',
    call: 'GET /queueIntegration/?searchParam=&pageNumber=1',
    answer: ['queueIntegrations', ...paged],
  },
  {
    section: '2 integrations',
    call: 'POST /queueIntegration',
    body: { type: 'typebot', name: 'Integration I', urlN8N: 'https://typebot.example', typebotSlug: 'shop' },
    answer: ['id', 'type', 'name', 'projectName', 'urlN8N', 'typebotSlug'],
    save: 'integration',
  },
  {
    section: '2 integrations',
    call: 'GET /queueIntegration/{id}',
    id: 'integration',
    answer: ['id', 'type'],
  },
  {
    section: '2 integrations',
    call: 'PUT /queueIntegration/{id}',
    id: 'integration',
    body: { type: 'webhook', name: 'Integration x', urlN8N: 'https://hooks.example/in' },
    answer: ['id', 'type'],
  },
  // A JSON without a service account's key: the provider cannot be asked, a 400 names the problem.
  {
    section: '2 integrations',
    call: 'POST /queueIntegration/testSession',
    body: { projectName: 'p', jsonContent: '{}', language: 'pt-BR' },
    status: 400,
  },
  {
    section: '2 integrations',
    call: 'DELETE /queueIntegration/{id}',
    id: 'integration',
    answer: ['message'],
  },

  // ── Spec 2 §7 Password reset ─────────────────────────────────────────────────────────────────────────────
  { section: '2 password reset', call: 'POST /forgetpassword/{loginEmail}', as: 'anonymous' },
  {
    section: '2 password reset',
    call: 'POST /resetpasswords/{loginEmail}/{resetToken}/{newPassword}',
    as: 'anonymous',
  },

  // Last: logging out ends the visitor's session.
  { section: '1 auth', call: 'DELETE /auth/logout', as: 'visitor' },
];
