import type { SessionUser } from '@zapdesk/contracts';

/** The named rules of the connections page (spec 1 section 6). */
export type ConnectionsRule =
  | 'connections-page:addConnection'
  | 'connections-page:actionButtons'
  | 'connections-page:editOrDeleteConnection';

/** Every rule of this page belongs to admins; the server refuses the same calls to everyone else. */
const rulesByProfile: Record<SessionUser['profile'], ReadonlySet<ConnectionsRule>> = {
  admin: new Set([
    'connections-page:addConnection',
    'connections-page:actionButtons',
    'connections-page:editOrDeleteConnection',
  ]),
  supervisor: new Set(),
  user: new Set(),
};

export const can = (user: Pick<SessionUser, 'profile'>, rule: ConnectionsRule): boolean =>
  rulesByProfile[user.profile].has(rule);
