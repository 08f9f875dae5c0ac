import {
  pageSizes,
  type HelpInput,
  type HelpView,
  type ListHelpsAnswer,
  type PagedQuery,
  type UpdateHelpInput,
} from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { presentHelp } from './helps.presenter';
import {
  deleteHelpRow,
  findHelp,
  insertHelp,
  listAllHelps,
  listHelpPage,
  updateHelpRow,
} from './helps.repository';

/** One page of help videos, by title, under `records` (server-behaviour 15). */
export async function listHelps(ctx: AppContext, query: PagedQuery): Promise<ListHelpsAnswer> {
  const limit = pageSizes.default;
  const offset = (query.pageNumber - 1) * limit;
  const { rows, count } = await ctx.scopes.asSystem((tx) =>
    listHelpPage(tx, { search: query.searchParam, offset, limit }),
  );
  return { records: rows.map(presentHelp), count, hasMore: offset + rows.length < count };
}

export async function allHelps(ctx: AppContext): Promise<HelpView[]> {
  const rows = await ctx.scopes.asSystem(listAllHelps);
  return rows.map(presentHelp);
}

export async function getHelp(ctx: AppContext, id: number): Promise<HelpView> {
  const row = await ctx.scopes.asSystem((tx) => findHelp(tx, id));
  if (!row) throw AppError.notFound();
  return presentHelp(row);
}

export async function createHelp(ctx: AppContext, input: HelpInput): Promise<HelpView> {
  return presentHelp(await ctx.scopes.asSystem((tx) => insertHelp(tx, input)));
}

export async function updateHelp(ctx: AppContext, id: number, input: UpdateHelpInput): Promise<HelpView> {
  const row = await ctx.scopes.asSystem((tx) => updateHelpRow(tx, id, input));
  if (!row) throw AppError.notFound();
  return presentHelp(row);
}

export async function deleteHelp(ctx: AppContext, id: number): Promise<void> {
  const deleted = await ctx.scopes.asSystem((tx) => deleteHelpRow(tx, id));
  if (!deleted) throw AppError.notFound();
}
