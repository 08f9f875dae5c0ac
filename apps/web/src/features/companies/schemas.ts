import type { z } from 'zod';
import { CompanyInput, recurrences, type CompanyView, type Recurrence } from '@zapdesk/contracts';
import { formatPhone } from './phoneMask';

/** The super user's company modal validates with the create schema in both modes. */
export const CompanyFormSchema = CompanyInput;
export type CompanyForm = z.input<typeof CompanyInput>;
export type CompanyFormValues = z.output<typeof CompanyInput>;

export const emptyCompany: CompanyForm = {
  name: '',
  email: '',
  phone: '',
  status: 'true',
  planId: '',
  dueDate: '',
  recurrence: 'MENSAL',
  campaignsEnabled: 'true',
  password: '',
};

export const isRecurrence = (value: string): value is Recurrence => recurrences.some((r) => r === value);

/** The campaigns switch lives in the company's settings. */
export const campaignsEnabledOf = (company: CompanyView): boolean =>
  company.settings.find((setting) => setting.key === 'campaignsEnabled')?.value !== 'false';

export function companyForm(company: CompanyView | null): CompanyForm {
  if (!company) return emptyCompany;
  return {
    name: company.name,
    email: company.email,
    phone: formatPhone(company.phone),
    status: String(company.status),
    planId: company.planId ?? '',
    dueDate: company.dueDate ?? '',
    recurrence: isRecurrence(company.recurrence) ? company.recurrence : 'MENSAL',
    campaignsEnabled: String(campaignsEnabledOf(company)),
    password: '',
  };
}
