import type { QuickMessageView } from '@zapdesk/contracts';
import { describe, expect, it } from 'vitest';
import { composeBody, matchQuickReplies, quickReplyLabel, quickReplySearch } from './compose';

const quick = (shortcode: string, message: string) => ({ id: 1, shortcode, message }) as QuickMessageView;

describe('message composition', () => {
  it('signs the text with the user name when signing is on', () => {
    expect(composeBody('Olá', 'Maria', true)).toBe('*Maria:*\nOlá');
    expect(composeBody('Olá', 'Maria', false)).toBe('Olá');
  });

  it('searches quick replies only after "/" and one more character', () => {
    expect(quickReplySearch('/')).toBeNull();
    expect(quickReplySearch('hi')).toBeNull();
    expect(quickReplySearch('/Bo')).toBe('bo');
    expect(
      matchQuickReplies([quick('bomdia', 'x'), quick('tchau', 'y')], 'bo').map((q) => q.shortcode),
    ).toEqual(['bomdia']);
  });

  it('cuts quick reply labels at 35 characters', () => {
    const label = quickReplyLabel(quick('saudacao', 'Bom dia, como posso ajudar você hoje?'));
    expect(label).toBe(`${'saudacao - Bom dia, como posso ajud'}…`);
  });
});
