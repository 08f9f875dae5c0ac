import { TRIAL_DAYS, type CompanyView, type SignupInput } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import { addDays, localDate } from '../../platform/time/local-time';
import { createCompanyWithAdmin, type CompanyHooks } from './companies.service';

/**
 * Public sign-up (server-behaviour 2.2): an active company on a 3-day trial with campaigns on, and its
 * admin user, created together or not at all.
 */
export function signUp(ctx: AppContext, hooks: CompanyHooks, input: SignupInput): Promise<CompanyView> {
  const trialEnd = addDays(localDate(ctx.config.timeZone), TRIAL_DAYS);
  return createCompanyWithAdmin(
    ctx,
    hooks,
    {
      company: {
        name: input.name,
        email: input.email,
        phone: input.phone,
        planId: input.planId,
        recurrence: input.recurrence,
        status: true,
        dueDate: trialEnd,
        trialExpiration: trialEnd,
      },
      password: input.password,
      settings: { campaignsEnabled: 'true' },
    },
    null,
  );
}
