/** The text with `insert` put in place of the selection [start, end), and where the cursor goes after it. */
export function insertAtCursor(
  text: string,
  insert: string,
  start: number | null,
  end: number | null,
): { text: string; cursor: number } {
  const from = Math.min(Math.max(start ?? text.length, 0), text.length);
  const to = Math.min(Math.max(end ?? from, from), text.length);
  return { text: text.slice(0, from) + insert + text.slice(to), cursor: from + insert.length };
}

/** Variables a quick message may hold; the server fills them when sending (server-behaviour 1.9). */
export const messageVariables = ['firstName', 'name', 'ms', 'protocol', 'hora'] as const;
export type MessageVariable = (typeof messageVariables)[number];
