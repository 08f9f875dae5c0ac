import type { z } from 'zod';
import { boundedString, UpdateUserInput } from '@zapdesk/contracts';

/** The profile dialog: own name (required), an optional new password and the language. */
export const ProfileInput = UpdateUserInput.pick({ password: true, language: true }).extend({
  name: boundedString(2, 50),
});
export type ProfileInput = z.infer<typeof ProfileInput>;
export type ProfileForm = z.input<typeof ProfileInput>;
