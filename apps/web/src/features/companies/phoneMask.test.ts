import { describe, expect, it } from 'vitest';
import { formatPhone, maskPhoneInput } from './phoneMask';

describe('phone mask', () => {
  it('formats progressively and stops at 11 digits', () => {
    expect(formatPhone('1')).toBe('(1');
    expect(formatPhone('119')).toBe('(11) 9');
    expect(formatPhone('1198765432')).toBe('(11) 9876-5432');
    expect(formatPhone('119876543210999')).toBe('(11) 98765-4321');
  });

  it('erases a digit when the user erases a mask character', () => {
    expect(maskPhoneInput('(11) 9876-', '(11) 9876-5')).toBe('(11) 9876');
    expect(maskPhoneInput('(11) 9876', '(11) 9876-')).toBe('(11) 987');
  });
});
