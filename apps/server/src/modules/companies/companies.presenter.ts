import { ScheduleEntry, secretSettingKeys, type CompanyView, type SettingView } from '@zapdesk/contracts';
import { presentPlan, type PlanRow } from '../plans';
import type { CompanyRow } from './companies.repository';

/** Stored weekly hours, keeping only well-formed entries. */
function presentSchedules(raw: unknown): ScheduleEntry[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry) => {
    const parsed = ScheduleEntry.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The company answer: plan, settings (secret ones only for admins) and weekly hours. */
export function presentCompany(
  row: CompanyRow,
  plan: PlanRow | undefined,
  settings: SettingView[],
  options: { withSecrets: boolean },
): CompanyView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    status: row.status,
    planId: row.planId,
    plan: plan ? presentPlan(plan) : null,
    dueDate: row.dueDate,
    trialExpiration: row.trialExpiration,
    recurrence: row.recurrence,
    schedules: presentSchedules(row.schedules),
    settings: options.withSecrets
      ? settings
      : settings.filter((s) => !(secretSettingKeys as readonly string[]).includes(s.key)),
    createdAt: row.createdAt.toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}
