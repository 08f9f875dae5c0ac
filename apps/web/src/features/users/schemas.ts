import type { z } from 'zod';
import {
  boundedString,
  CreateUserInput,
  emailField,
  UpdateUserInput,
  validationMessages,
} from '@zapdesk/contracts';

/** The profile dialog: own name (required), an optional new password and the language. */
export const ProfileInput = UpdateUserInput.pick({ password: true, language: true }).extend({
  name: boundedString(2, 50),
});
export type ProfileInput = z.infer<typeof ProfileInput>;
export type ProfileForm = z.input<typeof ProfileInput>;

/**
 * The user modal (spec 1 section 5): the create fields, with the password optional so one form serves
 * both modes; a new user's password is required by `requirePassword`.
 */
const userFormFields = CreateUserInput.omit({ companyId: true }).extend({
  name: boundedString(2, 50),
  email: emailField,
  password: UpdateUserInput.shape.password,
});

export const userFormSchema = (isEdit: boolean) =>
  userFormFields.superRefine((values, ctx) => {
    if (!isEdit && values.password === undefined) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: validationMessages.required });
    }
  });

export type UserFormInput = z.infer<typeof userFormFields>;
export type UserForm = z.input<typeof userFormFields>;
