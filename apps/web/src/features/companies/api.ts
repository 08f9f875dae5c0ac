import { addDays, format } from 'date-fns';
import { routes, TRIAL_DAYS, type CompanyView, type SignupInput } from '@zapdesk/contracts';
import { callRoute } from '../../lib/api/client';

/**
 * POST /companies/cadastro. The spec's body also carries the trial fields; the server recomputes them
 * (server-behaviour 2.2), so they are sent only for the record.
 */
export function signupRequest(input: SignupInput): Promise<CompanyView> {
  const body = {
    ...input,
    recurrence: 'MENSAL' as const,
    dueDate: format(addDays(new Date(), TRIAL_DAYS), 'yyyy-MM-dd'),
    status: 't',
    campaignsEnabled: true,
  };
  return callRoute(routes.companies.signup, { body });
}
