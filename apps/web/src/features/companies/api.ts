import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addDays, format } from 'date-fns';
import {
  routes,
  TRIAL_DAYS,
  type CompanyInput,
  type CompanyView,
  type ListCompaniesAnswer,
  type ScheduleEntry,
  type SignupInput,
  type UpdateCompanyInput,
} from '@zapdesk/contracts';
import type { z } from 'zod';
import { callRoute } from '../../lib/api/client';

export const companyKeys = {
  all: ['companies'] as const,
  lists: () => [...companyKeys.all, 'list'] as const,
  list: (search: string) => [...companyKeys.lists(), search] as const,
  detail: (id: number) => [...companyKeys.all, 'detail', id] as const,
};

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

/** GET /companies page by page (super user), by name. */
export function useCompanyPages(search: string) {
  return useInfiniteQuery({
    queryKey: companyKeys.list(search),
    queryFn: ({ pageParam, signal }): Promise<ListCompaniesAnswer> =>
      callRoute(routes.companies.list, { query: { searchParam: search, pageNumber: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    meta: { silent: true },
  });
}

/** GET /companies/:id: the caller's own company (or any, for a super user). */
export function useCompany(id: number) {
  return useQuery({
    queryKey: companyKeys.detail(id),
    queryFn: ({ signal }): Promise<CompanyView> =>
      callRoute(routes.companies.get, { params: { id }, signal }),
  });
}

/** A company form's save: a new company, or changes to the one with this id. */
export type CompanySave =
  | { id?: undefined; body: z.input<typeof CompanyInput> }
  | { id: number; body: z.input<typeof UpdateCompanyInput> };

export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: CompanySave): Promise<CompanyView> =>
      save.id === undefined
        ? callRoute(routes.companies.create, { body: save.body })
        : callRoute(routes.companies.update, { params: { id: save.id }, body: save.body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
    meta: { silent: true },
  });
}

export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callRoute(routes.companies.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
    meta: { silent: true },
  });
}

/** PUT /companies/:id/schedules: the company's weekly hours. */
export function useUpdateCompanySchedules(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (schedules: ScheduleEntry[]): Promise<CompanyView> =>
      callRoute(routes.companies.updateSchedules, { params: { id }, body: { schedules } }),
    onSuccess: (company) => queryClient.setQueryData(companyKeys.detail(id), company),
  });
}
