/** Business constants shared by the server and the web app (spec 1 section 9, spec 2 section 9). */
export const APP_VERSION = '6.0.0';

export const pageSizes = {
  tickets: 40,
  contacts: 30,
  default: 20,
} as const;

export const recurrences = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;
export type Recurrence = (typeof recurrences)[number];
export const recurrenceMonths: Record<Recurrence, number> = {
  MENSAL: 1,
  BIMESTRAL: 2,
  TRIMESTRAL: 3,
  SEMESTRAL: 6,
  ANUAL: 12,
};

export const profiles = ['admin', 'supervisor', 'user'] as const;
export type Profile = (typeof profiles)[number];

export const allTicketValues = ['enabled', 'desabled'] as const;
export type AllTicket = (typeof allTicketValues)[number];

export const languages = ['pt', 'en', 'es'] as const;
export type Language = (typeof languages)[number];

/** Trial length for a company created through sign-up. */
export const TRIAL_DAYS = 3;
/** The login warns when the subscription ends in fewer days than this. */
export const SUBSCRIPTION_WARNING_DAYS = 5;

/** The 32 time zones offered in the user form; UTC is the default. */
export const timeZones = [
  'UTC',
  'America/Sao_Paulo',
  'America/Manaus',
  'America/Belem',
  'America/Fortaleza',
  'America/Recife',
  'America/Bahia',
  'America/Cuiaba',
  'America/Campo_Grande',
  'America/Porto_Velho',
  'America/Boa_Vista',
  'America/Rio_Branco',
  'America/Noronha',
  'America/Araguaina',
  'America/Maceio',
  'America/Santarem',
  'America/Argentina/Buenos_Aires',
  'America/Santiago',
  'America/Montevideo',
  'America/Asuncion',
  'America/La_Paz',
  'America/Lima',
  'America/Bogota',
  'America/Caracas',
  'America/Mexico_City',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'Europe/Lisbon',
  'Europe/London',
  'Europe/Madrid',
] as const;

export const DEFAULT_TIME_ZONE = 'UTC';

export const weekdays = [
  { weekday: 'Domingo', weekdayEn: 'sunday' },
  { weekday: 'Segunda-feira', weekdayEn: 'monday' },
  { weekday: 'Terça-feira', weekdayEn: 'tuesday' },
  { weekday: 'Quarta-feira', weekdayEn: 'wednesday' },
  { weekday: 'Quinta-feira', weekdayEn: 'thursday' },
  { weekday: 'Sexta-feira', weekdayEn: 'friday' },
  { weekday: 'Sábado', weekdayEn: 'saturday' },
] as const;
