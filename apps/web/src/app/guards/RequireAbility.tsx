import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { Ability } from '@zapdesk/contracts';
import { useCan } from '../../features/auth/can';

/** A page for holders of an ability (the dashboard, the simulator); everyone else starts at the tickets. */
export function RequireAbility({ ability, children }: { ability: Ability; children: ReactNode }) {
  return useCan(ability) ? children : <Navigate to="/tickets" replace />;
}
