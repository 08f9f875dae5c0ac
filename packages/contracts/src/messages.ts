/** Validation texts the spec prescribes (spec 1 section 5, spec 2 sections 5 and 8). */
export const validationMessages = {
  tooShort: 'Too Short!',
  tooLong: 'Too Long!',
  required: 'Required',
  invalidEmail: 'Invalid email',
  invalid: 'Invalid value',
  messageTooShort: 'Mensagem muito curta',
  mandatory: 'Obrigatório',
  timeFormat: 'Invalid time (##:##)',
  passwordRule: 'At least 8 characters with a digit, a lowercase and an uppercase letter',
} as const;
