import type { Ability, SessionUser } from '@zapdesk/contracts';
import { userCan } from '../auth/can';

/** The named rules of the connections page (spec 1 section 6). */
export type ConnectionsRule =
  | 'connections-page:addConnection'
  | 'connections-page:actionButtons'
  | 'connections-page:editOrDeleteConnection';

/** Every rule of this page is the `connections.manage` ability; the server refuses the same calls without it. */
const abilityOf: Record<ConnectionsRule, Ability> = {
  'connections-page:addConnection': 'connections.manage',
  'connections-page:actionButtons': 'connections.manage',
  'connections-page:editOrDeleteConnection': 'connections.manage',
};

export const can = (user: Pick<SessionUser, 'abilities'>, rule: ConnectionsRule): boolean =>
  userCan(user, abilityOf[rule]);
