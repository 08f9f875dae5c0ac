import { describe, expect, it } from 'vitest';
import { checkSimulatedNumber, simulatedOwnNumber } from './numbers';

describe('the simulated network', () => {
  it('knows numbers of 10 to 13 digits, whatever their formatting', () => {
    expect(checkSimulatedNumber('+1 (212) 555-0100')).toEqual({ exists: true, number: '12125550100' });
    expect(checkSimulatedNumber('5511987654321')).toEqual({ exists: true, number: '5511987654321' });
    expect(checkSimulatedNumber('123456789')).toEqual({ exists: false });
    expect(checkSimulatedNumber('12345678901234')).toEqual({ exists: false });
  });

  it('adds the Brazilian ninth digit to a mobile written without it', () => {
    expect(checkSimulatedNumber('551187654321')).toEqual({ exists: true, number: '5511987654321' });
    expect(checkSimulatedNumber('442087654321')).toEqual({ exists: true, number: '442087654321' });
  });

  it('gives each connection its own 13-digit São Paulo mobile', () => {
    expect(simulatedOwnNumber(42)).toBe('5511900000042');
    expect(simulatedOwnNumber(7)).not.toBe(simulatedOwnNumber(8));
  });
});
