import { describe, expect, it } from 'vitest';
import { isNearBottom, mergePages, removeFromPages, searchText, upsertInPages } from './pages';

const rec = (id: number, name = `r${id}`) => ({ id, name });

describe('paged lists', () => {
  it('merges pages by id, keeping the order of first appearance', () => {
    const merged = mergePages([
      { records: [rec(1), rec(2)], hasMore: true },
      { records: [rec(2, 'moved'), rec(3)], hasMore: false },
    ]);
    expect(merged).toEqual([rec(1), rec(2, 'moved'), rec(3)]);
  });

  it('replaces a live update in place and puts a new record at the top', () => {
    const pages = [{ records: [rec(1), rec(2)], hasMore: false }];
    expect(upsertInPages(pages, rec(2, 'renamed'))[0]!.records).toEqual([rec(1), rec(2, 'renamed')]);
    expect(upsertInPages(pages, rec(9))[0]!.records).toEqual([rec(9), rec(1), rec(2)]);
    expect(removeFromPages(pages, 1)[0]!.records).toEqual([rec(2)]);
  });

  it('lower-cases and trims the search text', () => {
    expect(searchText('  VIP Clientes ')).toBe('vip clientes');
  });

  it('asks for the next page within 100 px of the bottom', () => {
    expect(isNearBottom({ scrollTop: 401, scrollHeight: 1000, clientHeight: 500 })).toBe(true);
    expect(isNearBottom({ scrollTop: 400, scrollHeight: 1000, clientHeight: 500 })).toBe(false);
  });
});
