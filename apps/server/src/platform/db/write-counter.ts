import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * Counts the statements that may write, run through the Kysely instance it is plugged into: everything but
 * selects (raw SQL counts unless it starts with `select`). Comparing two readings tells whether some code wrote
 * anything in between, so rows read before it are known to be current.
 */
export class WriteCounter implements KyselyPlugin {
  #count = 0;

  get count(): number {
    return this.#count;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    const reads =
      node.kind === 'SelectQueryNode' ||
      (node.kind === 'RawNode' && node.sqlFragments.join('').trimStart().toLowerCase().startsWith('select'));
    if (!reads) this.#count += 1;
    return node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}
