import type { Insertable } from 'kysely';
import {
  pageSizes,
  type CampaignInput,
  type CampaignView,
  type ListCampaignsAnswer,
  type PagedQuery,
} from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import type { CampaignsTable } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { removeStoredFiles } from '../../platform/http/media-upload';
import type { MediaStorage } from '../../platform/storage/media-storage';
import type { TenantScope, TenantTx } from '../../platform/tenancy';
import { assertCampaignsEnabled } from '../settings';
import { campaignDeleted, campaignSaved } from './campaigns.events';
import { assertDeletable, assertEditable, assertTransition } from './campaigns.policy';
import { loadCampaignView, presentCampaignRows } from './campaigns.presenter';
import {
  allCampaigns,
  deleteCampaignRow,
  insertCampaign,
  lockCampaign,
  pageCampaigns,
  updateCampaignRow,
} from './campaigns.repository';
import type { CampaignOutbox } from './dispatch/campaign-outbox';
import { createShippingRows, unsettledMessageIds } from './shipping.repository';
import { contactListFromTag } from './tag-list';

export interface CampaignsEnv {
  ctx: AppContext;
  storage: MediaStorage;
  /** Wakes the dispatcher for a campaign that may have become due or was restarted. */
  kick(companyId: number, campaignId: number): void;
  /** Withholds, releases or drops the campaign's sends still queued in the outbox. */
  outbox: CampaignOutbox;
}

export function listCampaigns(scope: TenantScope, query: PagedQuery): Promise<ListCampaignsAnswer> {
  const limit = pageSizes.default;
  const offset = (query.pageNumber - 1) * limit;
  return scope.run(async (tx) => {
    await assertCampaignsEnabled(tx);
    const { rows, count } = await pageCampaigns(tx, { search: query.searchParam, limit, offset });
    return { records: await presentCampaignRows(tx, rows), count, hasMore: offset + rows.length < count };
  });
}

export function listAllCampaigns(scope: TenantScope): Promise<CampaignView[]> {
  return scope.run(async (tx) => {
    await assertCampaignsEnabled(tx);
    return presentCampaignRows(tx, await allCampaigns(tx));
  });
}

export function showCampaign(scope: TenantScope, id: number): Promise<CampaignView> {
  return scope.run(async (tx) => {
    await assertCampaignsEnabled(tx);
    return loadCampaignView(tx, id);
  });
}

/** Every referenced row must be the company's: another company's id answers 404 like a missing one. */
async function assertOwned(tx: TenantTx, input: CampaignInput): Promise<void> {
  const checks: Array<[number | null, 'whatsapps' | 'contactLists' | 'tags' | 'files']> = [
    [input.whatsappId, 'whatsapps'],
    [input.contactListId, 'contactLists'],
    [input.tagListId, 'tags'],
    [input.fileListId, 'files'],
  ];
  for (const [id, table] of checks) {
    if (id === null) continue;
    const row = await tx.selectFrom(table).where('id', '=', id).select('id').executeTakeFirst();
    if (!row) throw AppError.notFound();
  }
}

/** A scheduled campaign needs someone to send to and something to say. */
function assertSendable(input: CampaignInput): void {
  if (input.scheduledAt === null) return;
  if (input.contactListId === null && input.tagListId === null) {
    throw AppError.validation({ contactListId: 'Required' });
  }
  const messages = [input.message1, input.message2, input.message3, input.message4, input.message5];
  if (messages.every((m) => m.trim() === '')) throw AppError.validation({ message1: 'Required' });
}

async function rowValues(
  ctx: AppContext,
  tx: TenantTx,
  input: CampaignInput,
): Promise<Omit<Insertable<CampaignsTable>, 'companyId' | 'status'>> {
  await assertOwned(tx, input);
  assertSendable(input);
  const { tagListId, ...fields } = input;
  // A tag builds a fresh list of the contacts of its tickets; without one, the chosen list is used.
  const contactListId =
    tagListId === null ? input.contactListId : await contactListFromTag(ctx, tx, tagListId);
  return { ...fields, contactListId, tagId: tagListId, timeZone: input.timeZone || null, nextSendAt: null };
}

function kickWhenDue(env: CampaignsEnv, tx: TenantTx, view: CampaignView): void {
  if (view.status !== 'PROGRAMADA' || view.scheduledAt === null) return;
  const companyId = tx.companyId;
  tx.afterCommit(() => env.kick(companyId, view.id));
}

/** Saved without scheduledAt: INATIVA; with it: PROGRAMADA (server-behaviour 10.3). */
export function createCampaign(
  env: CampaignsEnv,
  scope: TenantScope,
  input: CampaignInput,
): Promise<CampaignView> {
  return scope.run(async (tx) => {
    await assertCampaignsEnabled(tx);
    const values = await rowValues(env.ctx, tx, input);
    const id = await insertCampaign(tx, { ...values, status: input.scheduledAt ? 'PROGRAMADA' : 'INATIVA' });
    const view = await loadCampaignView(tx, id);
    campaignSaved(env.ctx.realtime, tx, 'create', view);
    kickWhenDue(env, tx, view);
    return view;
  });
}

/** Edits a campaign while its stored status allows it; a cancelled campaign stays cancelled. */
export function updateCampaign(
  env: CampaignsEnv,
  scope: TenantScope,
  id: number,
  input: CampaignInput,
): Promise<CampaignView> {
  return scope.run(async (tx) => {
    await assertCampaignsEnabled(tx);
    const stored = await lockCampaign(tx, id);
    assertEditable(stored.status);
    const values = await rowValues(env.ctx, tx, input);
    const status = stored.status === 'CANCELADA' ? 'CANCELADA' : input.scheduledAt ? 'PROGRAMADA' : 'INATIVA';
    await updateCampaignRow(tx, id, { ...values, status });
    const view = await loadCampaignView(tx, id);
    campaignSaved(env.ctx.realtime, tx, 'update', view);
    kickWhenDue(env, tx, view);
    return view;
  });
}

export async function deleteCampaign(env: CampaignsEnv, scope: TenantScope, id: number) {
  await scope.run(async (tx) => {
    await assertCampaignsEnabled(tx);
    const stored = await lockCampaign(tx, id);
    assertDeletable(stored.status);
    // Sends a cancel withheld will never go now; their messages stay in the tickets as deleted.
    await env.outbox.drop(tx, await unsettledMessageIds(tx, id));
    await deleteCampaignRow(tx, id);
    const media = stored.mediaPath;
    if (media) tx.afterCommit(() => removeStoredFiles(env.ctx.log, env.storage, [media]));
    campaignDeleted(env.ctx.realtime, tx, id);
  });
  return { message: 'Campaign deleted' };
}

/**
 * PROGRAMADA or EM_ANDAMENTO → CANCELADA (server-behaviour 10.3): the dispatcher stops before its next send (it
 * waits for the campaign's row), and the sends it queued that have not left are withheld from the outbox, so
 * nothing more reaches the phones. A restart releases exactly those, so each still goes once.
 */
export async function cancelCampaign(env: CampaignsEnv, scope: TenantScope, id: number): Promise<void> {
  await scope.run(async (tx) => {
    await assertCampaignsEnabled(tx);
    assertTransition((await lockCampaign(tx, id)).status, 'CANCELADA');
    await updateCampaignRow(tx, id, { status: 'CANCELADA' });
    await env.outbox.hold(tx, await unsettledMessageIds(tx, id));
    campaignSaved(env.ctx.realtime, tx, 'update', await loadCampaignView(tx, id));
  });
}

/**
 * CANCELADA → EM_ANDAMENTO: rows missing for valid items are added (a campaign cancelled before it started has
 * none), the sends the cancel withheld are queued again (the same messages: each goes once), and the dispatcher
 * resumes with the rows neither queued, delivered nor failed.
 */
export async function restartCampaign(env: CampaignsEnv, scope: TenantScope, id: number): Promise<void> {
  await scope.run(async (tx) => {
    await assertCampaignsEnabled(tx);
    const stored = await lockCampaign(tx, id);
    assertTransition(stored.status, 'EM_ANDAMENTO');
    await createShippingRows(tx, stored);
    await updateCampaignRow(tx, id, { status: 'EM_ANDAMENTO', completedAt: null, nextSendAt: null });
    await env.outbox.release(tx, await unsettledMessageIds(tx, id));
    campaignSaved(env.ctx.realtime, tx, 'update', await loadCampaignView(tx, id));
    const companyId = tx.companyId;
    tx.afterCommit(() => env.kick(companyId, id));
  });
}
