import { useMutation } from '@tanstack/react-query';
import { routes, type Language, type UpdateUserInput, type UserView } from '@zapdesk/contracts';
import type { z } from 'zod';
import { callRoute } from '../../lib/api/client';

export const updateUserRequest = (id: number, body: z.input<typeof UpdateUserInput>): Promise<UserView> =>
  callRoute(routes.users.update, { params: { id }, body });

/** Stores the interface language on the user; a failure is only logged (spec 1 section 7). */
export async function storeUserLanguage(language: Language): Promise<void> {
  try {
    await callRoute(routes.users.setLanguage, { params: { lang: language } });
  } catch (error) {
    console.error(error);
  }
}

export function useUpdateUser(id: number) {
  return useMutation({ mutationFn: (body: z.input<typeof UpdateUserInput>) => updateUserRequest(id, body) });
}
