import type { Ability, SessionUser } from '@zapdesk/contracts';
import { useSession } from './sessionContext';

/** Whether a user holds an ability, as the server sent it with the session (contracts' abilitiesOf). */
export const userCan = (user: Pick<SessionUser, 'abilities'> | null, ability: Ability): boolean =>
  user !== null && user.abilities.includes(ability);

/** Whether the signed-in user holds an ability; false while nobody is signed in. */
export function useCan(ability: Ability): boolean {
  return userCan(useSession().user, ability);
}

/** `can(ability)` for the signed-in user, for components that ask about several abilities or per record. */
export function useAbilities(): (ability: Ability) => boolean {
  const { user } = useSession();
  return (ability) => userCan(user, ability);
}
