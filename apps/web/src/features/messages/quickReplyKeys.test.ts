import { describe, expect, it } from 'vitest';
import { quickReplyKey } from './quickReplyKeys';

describe('quick replies by keyboard', () => {
  it('moves down and up through the suggestions, wrapping at both ends', () => {
    expect(quickReplyKey('ArrowDown', false, 0, 3)).toEqual({ kind: 'move', active: 1 });
    expect(quickReplyKey('ArrowDown', false, 2, 3)).toEqual({ kind: 'move', active: 0 });
    expect(quickReplyKey('ArrowUp', false, 0, 3)).toEqual({ kind: 'move', active: 2 });
  });

  it('picks the highlighted reply with Enter or Tab, and closes with Escape', () => {
    expect(quickReplyKey('Enter', false, 1, 3)).toEqual({ kind: 'pick', index: 1 });
    expect(quickReplyKey('Tab', false, 2, 3)).toEqual({ kind: 'pick', index: 2 });
    expect(quickReplyKey('Escape', false, 0, 3)).toEqual({ kind: 'close' });
  });

  it('keeps a highlight left over from a longer list inside the list', () => {
    expect(quickReplyKey('Enter', false, 4, 2)).toEqual({ kind: 'pick', index: 1 });
  });

  it('leaves Shift+Enter, other keys and a closed list to the text field', () => {
    expect(quickReplyKey('Enter', true, 0, 3)).toEqual({ kind: 'none' });
    expect(quickReplyKey('a', false, 0, 3)).toEqual({ kind: 'none' });
    expect(quickReplyKey('Enter', false, 0, 0)).toEqual({ kind: 'none' });
  });
});
