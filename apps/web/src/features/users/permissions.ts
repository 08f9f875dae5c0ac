import type { Profile } from '@zapdesk/contracts';

/** Named permission rules of spec 1 section 6 used by the user form. */
export type UserPermission = 'user-modal:editProfile' | 'user-modal:editQueues';

const rulesByProfile: Record<Profile, readonly UserPermission[]> = {
  admin: ['user-modal:editProfile', 'user-modal:editQueues'],
  supervisor: [],
  user: [],
};

export const can = (profile: Profile, rule: UserPermission): boolean =>
  rulesByProfile[profile].includes(rule);
