import type { Profile } from './constants';

/**
 * What a signed-in user may do, named once for the server and the web app (spec 1 sections 2 and 6, spec 2
 * section 6). The server sends a user's abilities with the session (login, refresh, /auth/me); the web app
 * shows what they allow instead of reading profiles itself.
 */
export const abilities = [
  /** The dashboard (/) and its menu entry. */
  'dashboard.view',
  /** The drawer's administration section. */
  'administration.view',
  /** The company's active-until date in the greeting. */
  'company.dueDate.view',
  /** Add, edit and delete users; a user's default connection and allTicket in the user modal. */
  'users.manage',
  /** user-modal:editProfile. */
  'users.editProfile',
  /** user-modal:editQueues. */
  'users.editQueues',
  /** Add, edit and delete queues. */
  'queues.manage',
  /** connections-page:addConnection, actionButtons and editOrDeleteConnection. */
  'connections.manage',
  /** The contacts-page delete permission. */
  'contacts.delete',
  /** tickets-manager:showall, the user filter, every queue in the new-ticket dialog, kanban's showAll. */
  'tickets.seeAll',
  /** ticket-options:deleteTicket. */
  'tickets.delete',
  /** The read-only peek at a ticket another agent holds. */
  'tickets.peek',
  /** Change or delete tags, quick messages and ticket notes that others made. */
  'records.changeAny',
  /** The Kanban switch of the tag dialog. */
  'tags.kanban',
  /** Add, edit and delete AI prompts. */
  'prompts.manage',
  /** Add, edit and delete queue integrations. */
  'integrations.manage',
  /** Change the company options; the company hours tab. */
  'settings.manage',
  /** Pay the company's invoices. */
  'invoices.pay',
  /** The built-in WhatsApp simulator. */
  'simulator.use',
  /** The announcements page and menu entry. */
  'announcements.manage',
  /** Every company, plan and help video (the super user's settings tabs). */
  'companies.manage',
] as const;
export type Ability = (typeof abilities)[number];

/** What decides a user's abilities. */
export interface AbilityHolder {
  profile: Profile;
  super: boolean;
}

const admin = (user: AbilityHolder) => user.profile === 'admin';
const superUser = (user: AbilityHolder) => user.super;

/** Who holds each ability: admins, super users, or as told. */
const rules: Record<Ability, (user: AbilityHolder) => boolean> = {
  'dashboard.view': admin,
  'administration.view': admin,
  'company.dueDate.view': admin,
  'users.manage': admin,
  'users.editProfile': admin,
  'users.editQueues': admin,
  'queues.manage': admin,
  'connections.manage': admin,
  'contacts.delete': admin,
  'tickets.seeAll': admin,
  'tickets.delete': admin,
  'tickets.peek': admin,
  'records.changeAny': admin,
  'tags.kanban': (user) => user.profile === 'admin' || user.profile === 'supervisor',
  'prompts.manage': admin,
  'integrations.manage': admin,
  'settings.manage': admin,
  'invoices.pay': (user) => admin(user) || superUser(user),
  'simulator.use': admin,
  'announcements.manage': superUser,
  'companies.manage': superUser,
};

/** The abilities of a user, in the order of `abilities`. */
export function abilitiesOf(user: AbilityHolder): Ability[] {
  return abilities.filter((ability) => rules[ability](user));
}
