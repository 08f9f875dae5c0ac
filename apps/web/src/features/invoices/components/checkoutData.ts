import { z } from 'zod';
import { validationMessages as m } from '@zapdesk/contracts';

const required = z.string().trim().min(1, { error: m.required }).max(100, { error: m.tooLong });

/** The checkout's data step (spec 1 section 5): every field is required when the step is used. */
export const CheckoutDataForm = z.object({
  firstName: required,
  lastName: required,
  address2: required,
  city: required,
  state: required,
  zipcode: required,
  country: required,
});
export type CheckoutDataForm = z.infer<typeof CheckoutDataForm>;

export const emptyCheckoutData: CheckoutDataForm = {
  firstName: '',
  lastName: '',
  address2: '',
  city: '',
  state: '',
  zipcode: '',
  country: 'BR',
};

export const checkoutSteps = ['data', 'plan', 'review', 'pix'] as const;
export type CheckoutStep = (typeof checkoutSteps)[number];
