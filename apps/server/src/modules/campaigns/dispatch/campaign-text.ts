import type { CampaignVariable } from '@zapdesk/contracts';

/** A random non-empty variant out of the five, or undefined when all are blank. */
export function pickVariant(variants: string[], random: () => number = Math.random): string | undefined {
  const filled = variants.filter((v) => v.trim() !== '');
  if (filled.length === 0) return undefined;
  return filled[Math.min(filled.length - 1, Math.floor(random() * filled.length))];
}

/**
 * Server-behaviour 10.4: single-brace variables `{nome}`, `{email}`, `{numero}` and each custom `{key}` of the
 * settings are replaced; other braces stay as typed.
 */
export function renderCampaignText(
  text: string,
  contact: { name: string; email: string; number: string },
  variables: CampaignVariable[],
): string {
  const values = new Map<string, string>([
    ['nome', contact.name],
    ['email', contact.email],
    ['numero', contact.number],
  ]);
  for (const variable of variables) if (!values.has(variable.key)) values.set(variable.key, variable.value);
  return text.replace(/\{([^{}\s]+)\}/g, (whole, key: string) => values.get(key) ?? whole);
}

/**
 * Milliseconds to wait after the n-th message (1-based): `greaterInterval` after every `longerIntervalAfter`
 * messages, else `messageInterval` plus a random extra of up to 20 % (never less). 0 disables a wait.
 */
export function pacingDelayMs(
  n: number,
  settings: { messageInterval: number; longerIntervalAfter: number; greaterInterval: number },
  random: () => number = Math.random,
): number {
  const longer =
    settings.longerIntervalAfter > 0 &&
    settings.greaterInterval > 0 &&
    n % settings.longerIntervalAfter === 0;
  if (longer) return Math.round(settings.greaterInterval * 1000);
  return Math.round(settings.messageInterval * 1000 * (1 + 0.2 * random()));
}

/** Rows sent in one transaction when no interval separates them (interval 0). */
export const MAX_BATCH = 200;

/**
 * How many rows may go in one transaction after the `dispatched`-th: one when an interval separates sends; with
 * interval 0, up to the next longer pause (the send that reaches it is the batch's last), at most MAX_BATCH.
 */
export function batchSize(
  dispatched: number,
  settings: { messageInterval: number; longerIntervalAfter: number; greaterInterval: number },
): number {
  if (settings.messageInterval > 0) return 1;
  const every = settings.longerIntervalAfter;
  if (every > 0 && settings.greaterInterval > 0) return Math.min(MAX_BATCH, every - (dispatched % every));
  return MAX_BATCH;
}
