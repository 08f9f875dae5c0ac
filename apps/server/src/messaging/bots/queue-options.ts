/** A queue option as the bot needs it. */
export interface BotOption {
  id: number;
  parentId: number | null;
  option: string;
  title: string;
  message: string;
}

export type OptionStep =
  /** Show a menu: the root (`optionId` null) or an option with children; `invalid` = a resend. */
  | { kind: 'show'; optionId: number | null; invalid: boolean }
  /** Enter a leaf: its message, then the bot stops and the ticket waits in the queue. */
  | { kind: 'leaf'; optionId: number };

/** Children of an option (null = the root), ordered by `option`. */
export function childrenOf(options: BotOption[], parentId: number | null): BotOption[] {
  return options
    .filter((o) => o.parentId === parentId)
    .sort((a, b) => a.option.localeCompare(b.option, undefined, { numeric: true }));
}

/**
 * Server-behaviour 7.5 for a ticket with `chatbot=true` at `currentId` (null = the root). "#" is handled before
 * (step 10). "0" goes to the parent; a body equal to a child's `option` enters it; inside an option a single
 * child is entered whatever the body; else the current menu is sent again.
 */
export function decideOption(options: BotOption[], currentId: number | null, body: string): OptionStep {
  const current = currentId === null ? undefined : options.find((o) => o.id === currentId);
  const here = current?.id ?? null;
  const text = body.trim();
  if (text === '0') return { kind: 'show', optionId: current?.parentId ?? null, invalid: false };
  const children = childrenOf(options, here);
  const chosen =
    children.find((c) => c.option === text) ?? (current && children.length === 1 ? children[0] : undefined);
  if (!chosen) return { kind: 'show', optionId: here, invalid: true };
  return enter(options, chosen);
}

function enter(options: BotOption[], option: BotOption): OptionStep {
  return childrenOf(options, option.id).length === 0
    ? { kind: 'leaf', optionId: option.id }
    : { kind: 'show', optionId: option.id, invalid: false };
}
