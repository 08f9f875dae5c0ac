import { describe, expect, it } from 'vitest';
import { childrenOf, decideOption, type BotOption } from './queue-options';

const opt = (id: number, parentId: number | null, option: string): BotOption => ({
  id,
  parentId,
  option,
  title: `T${id}`,
  message: `M${id}`,
});
// root: 1 (children 11, 12), 2 (single child 21, which has child 211), 10 (leaf)
const tree = [
  opt(1, null, '1'),
  opt(10, null, '10'),
  opt(2, null, '2'),
  opt(11, 1, '1'),
  opt(12, 1, '2'),
  opt(21, 2, '1'),
  opt(211, 21, '1'),
];

describe('queue option decisions (server-behaviour 7.5)', () => {
  it('orders options numerically', () => {
    expect(childrenOf(tree, null).map((o) => o.id)).toEqual([1, 2, 10]);
  });

  it('enters a root option by its number: a menu when it has children, a leaf otherwise', () => {
    expect(decideOption(tree, null, '1')).toEqual({ kind: 'show', optionId: 1, invalid: false });
    expect(decideOption(tree, null, ' 10 ')).toEqual({ kind: 'leaf', optionId: 10 });
  });

  it('resends the current menu on an unknown choice', () => {
    expect(decideOption(tree, null, '7')).toEqual({ kind: 'show', optionId: null, invalid: true });
    expect(decideOption(tree, 1, 'x')).toEqual({ kind: 'show', optionId: 1, invalid: true });
  });

  it('goes back with 0: to the parent, or the root from the first level', () => {
    expect(decideOption(tree, 21, '0')).toEqual({ kind: 'show', optionId: 2, invalid: false });
    expect(decideOption(tree, 1, '0')).toEqual({ kind: 'show', optionId: null, invalid: false });
    expect(decideOption(tree, null, '0')).toEqual({ kind: 'show', optionId: null, invalid: false });
  });

  it('enters the single child of an option whatever the body', () => {
    expect(decideOption(tree, 2, 'qualquer coisa')).toEqual({ kind: 'show', optionId: 21, invalid: false });
    expect(decideOption(tree, 21, 'ok')).toEqual({ kind: 'leaf', optionId: 211 });
    expect(decideOption(tree, 1, '2')).toEqual({ kind: 'leaf', optionId: 12 });
  });
});
