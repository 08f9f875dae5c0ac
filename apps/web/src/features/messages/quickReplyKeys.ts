/** What a key does while the quick-reply suggestions are open (issue 23 item 2). */
export type QuickReplyKeyAction =
  { kind: 'move'; active: number } | { kind: 'pick'; index: number } | { kind: 'close' } | { kind: 'none' };

/**
 * Arrow keys move through the list (wrapping), Enter or Tab picks the highlighted reply, Escape closes the
 * list. Any other key is left to the text field. With no suggestions open nothing is taken over, so Enter
 * sends as usual.
 */
export function quickReplyKey(
  key: string,
  shift: boolean,
  active: number,
  count: number,
): QuickReplyKeyAction {
  if (count === 0) return { kind: 'none' };
  const current = Math.min(Math.max(active, 0), count - 1);
  switch (key) {
    case 'ArrowDown':
      return { kind: 'move', active: (current + 1) % count };
    case 'ArrowUp':
      return { kind: 'move', active: (current - 1 + count) % count };
    case 'Enter':
      return shift ? { kind: 'none' } : { kind: 'pick', index: current };
    case 'Tab':
      return { kind: 'pick', index: current };
    case 'Escape':
      return { kind: 'close' };
    default:
      return { kind: 'none' };
  }
}
