import { z } from 'zod';
import { emailField, ResetPasswordInput, validationMessages } from '@zapdesk/contracts';

export const EmailStep = z.object({ email: emailField });
export type EmailStep = z.infer<typeof EmailStep>;

/** Step 2: the contract's code and password rule, plus a confirmation that must match. */
export const ResetStep = ResetPasswordInput.pick({ token: true, newPassword: true })
  .extend({
    confirmPassword: z.string().min(1, { error: validationMessages.required }),
  })
  .refine((values) => values.confirmPassword === values.newPassword, {
    path: ['confirmPassword'],
    error: 'passwordsMismatch',
  });
export type ResetStep = z.infer<typeof ResetStep>;
