import { describe, expect, it } from 'vitest';
import { nextOrdinal, renumberAfterDelete, sortByOrdinal } from './ordinals';

const level = (...options: [number, string][]) => options.map(([id, option]) => ({ id, option }));

describe('renumbering queue options', () => {
  it('moves the options after a deleted first option up by one', () => {
    expect(renumberAfterDelete(level([10, '1'], [11, '2'], [12, '3']), 10)).toEqual([
      { id: 11, option: '1' },
      { id: 12, option: '2' },
    ]);
  });

  it('changes nothing when the last option is deleted', () => {
    expect(renumberAfterDelete(level([10, '1'], [11, '2']), 11)).toEqual([]);
  });

  it('only renumbers the options after a deleted middle one', () => {
    expect(renumberAfterDelete(level([1, '1'], [2, '2'], [3, '3'], [4, '4']), 2)).toEqual([
      { id: 3, option: '2' },
      { id: 4, option: '3' },
    ]);
  });

  it('reads ordinals as numbers, so option 10 comes after option 9', () => {
    const siblings = level(...Array.from({ length: 10 }, (_, i): [number, string] => [i + 1, String(i + 1)]));
    const shuffled = [...siblings].reverse();
    expect(sortByOrdinal(shuffled).map((s) => s.option)).toEqual(siblings.map((s) => s.option));
    expect(renumberAfterDelete(shuffled, 9)).toEqual([{ id: 10, option: '9' }]);
  });

  it('closes gaps left by earlier changes', () => {
    expect(renumberAfterDelete(level([1, '1'], [2, '3'], [3, '7']), 1)).toEqual([
      { id: 2, option: '1' },
      { id: 3, option: '2' },
    ]);
  });

  it('numbers a new option after its siblings', () => {
    expect(nextOrdinal([])).toBe('1');
    expect(nextOrdinal(level([1, '1'], [2, '2']))).toBe('3');
  });
});
