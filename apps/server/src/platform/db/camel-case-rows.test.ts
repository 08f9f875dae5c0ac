import { CamelCasePlugin, createQueryId, type UnknownRow } from 'kysely';
import { describe, expect, it } from 'vitest';
import { FastCamelCasePlugin } from './camel-case-rows';

const reference = new CamelCasePlugin();
const fast = new FastCamelCasePlugin();

async function both(rows: UnknownRow[]) {
  const args = { queryId: createQueryId(), result: { rows, numAffectedRows: 2n } };
  return [await reference.transformResult(args), await fast.transformResult(args)] as const;
}

describe('FastCamelCasePlugin', () => {
  it('answers what CamelCasePlugin answers', async () => {
    const at = new Date('2026-11-22T15:23:51.768Z');
    const rows = [
      {
        id: 1,
        user_name: 'Ana',
        created_at: at,
        tags: [{ id: 3, tag_color: '#fff' }, 'loose'],
        message_counts: { '11': 2, none: 1, nested_key: { deep_key: true } },
        media_path: null,
        raw: Buffer.from('x'),
        list: [1, 2],
      },
      {
        id: 2,
        user_name: null,
        created_at: at,
        tags: [],
        message_counts: {},
        media_path: 'a/b.png',
        raw: Buffer.from('y'),
        list: [],
      },
    ];
    const [expected, actual] = await both(rows);
    expect(actual).toEqual(expected);
    expect(Object.keys(actual.rows[0]!)).toEqual(Object.keys(expected.rows[0]!));
    expect(actual.rows[0]).toMatchObject({
      userName: 'Ana',
      messageCounts: { nestedKey: { deepKey: true } },
    });
    expect(actual.rows[0]!.createdAt).toBe(at);
    expect(actual.numAffectedRows).toBe(2n);
  });

  it('leaves a result without rows as it is', async () => {
    const [expected, actual] = await both([]);
    expect(actual).toEqual(expected);
  });
});
