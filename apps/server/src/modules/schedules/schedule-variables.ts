import type { OutgoingMedia } from '../messages';

/** An attachment already in storage. */
export type ScheduleMedia = Omit<OutgoingMedia, 'caption' | 'voiceNote'>;

const VARIABLES = ['firstName', 'name', 'ms', 'protocol', 'hora'] as const;

/**
 * The variable helper writes `{{firstName}}`; a single-brace `{firstName}` of the known names is taken the same
 * way, so either spelling renders at send time (server-behaviour 1.9).
 */
export function normaliseVariables(text: string): string {
  const names = VARIABLES.join('|');
  return text.replace(new RegExp(`(?<!\\{)\\{(${names})\\}(?!\\})`, 'g'), '{{$1}}');
}
