import type { Updateable } from 'kysely';
import {
  pageSizes,
  type ListSchedulesAnswer,
  type ListSchedulesQuery,
  type ScheduleInput,
  type ScheduleView,
  type UpdateScheduleInput,
} from '@zapdesk/contracts';
import type { Actor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import type { SchedulesTable } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { removeStoredFiles } from '../../platform/http/media-upload';
import type { MediaStorage } from '../../platform/storage/media-storage';
import type { TenantScope, TenantTx } from '../../platform/tenancy';
import { scheduleDeleted, scheduleSaved } from './schedules.events';
import { assertNotSent, authorizeScheduleChange } from './schedules.policy';
import { presentSchedule } from './schedules.presenter';
import {
  assertContactOfCompany,
  deleteScheduleRow,
  getScheduleRecord,
  insertSchedule,
  lockSchedule,
  pageSchedules,
  updateScheduleRow,
} from './schedules.repository';

export async function loadScheduleView(tx: TenantTx, id: number): Promise<ScheduleView> {
  return presentSchedule(await getScheduleRecord(tx, id));
}

/** A page of the company's schedules (server-behaviour 10.1), 20 per page, by sendAt. */
export function listSchedules(scope: TenantScope, query: ListSchedulesQuery): Promise<ListSchedulesAnswer> {
  const limit = pageSizes.default;
  const offset = (query.pageNumber - 1) * limit;
  return scope.read(async (tx) => {
    const { rows, count } = await pageSchedules(tx, {
      search: query.searchParam,
      contactId: query.contactId,
      userId: query.userId,
      limit,
      offset,
    });
    return { schedules: rows.map(presentSchedule), count, hasMore: offset + rows.length < count };
  });
}

export function showSchedule(scope: TenantScope, id: number): Promise<ScheduleView> {
  return scope.read((tx) => loadScheduleView(tx, id));
}

/** A new schedule, PENDENTE, authored by the caller; the contact must be the company's. */
export function createSchedule(
  ctx: AppContext,
  actor: Actor,
  scope: TenantScope,
  input: ScheduleInput,
): Promise<ScheduleView> {
  return scope.run(async (tx) => {
    await assertContactOfCompany(tx, input.contactId);
    const id = await insertSchedule(tx, {
      body: input.body,
      contactId: input.contactId,
      sendAt: input.sendAt,
      timeZone: input.timeZone || null,
      userId: actor.userId,
      status: 'PENDENTE',
    });
    const schedule = await loadScheduleView(tx, id);
    scheduleSaved(ctx, tx, 'create', schedule);
    return schedule;
  });
}

/**
 * An edit by the author or an admin: back to PENDENTE with a fresh count of attempts; refused once sent. The row
 * is locked, so the sender either sent it before (refused here) or finds it PENDENTE again after.
 */
export function updateSchedule(
  ctx: AppContext,
  actor: Actor,
  scope: TenantScope,
  id: number,
  input: UpdateScheduleInput,
): Promise<ScheduleView> {
  return scope.run(async (tx) => {
    const before = await lockSchedule(tx, id);
    authorizeScheduleChange(actor, before);
    assertNotSent(before);
    if (input.contactId !== undefined) await assertContactOfCompany(tx, input.contactId);
    const changes: Updateable<SchedulesTable> = {
      body: input.body,
      contactId: input.contactId,
      sendAt: input.sendAt,
      timeZone: input.timeZone === undefined ? undefined : input.timeZone || null,
      status: 'PENDENTE',
      attempts: 0,
      lastError: null,
      late: false,
    };
    await updateScheduleRow(tx, id, changes);
    const schedule = await loadScheduleView(tx, id);
    scheduleSaved(ctx, tx, 'update', schedule);
    return schedule;
  });
}

/** Deletes a schedule (author or admin) and, once committed, its attachment. */
export async function deleteSchedule(
  ctx: AppContext,
  actor: Actor,
  scope: TenantScope,
  storage: MediaStorage,
  id: number,
): Promise<{ message: string }> {
  await scope.run(async (tx) => {
    const before = await lockSchedule(tx, id);
    authorizeScheduleChange(actor, before);
    if (!(await deleteScheduleRow(tx, id))) throw AppError.notFound();
    scheduleDeleted(ctx, tx, id);
    const media = before.mediaPath;
    // A sent schedule's file is also the stored message's: it stays.
    if (media && before.sentAt === null) tx.afterCommit(() => removeStoredFiles(ctx.log, storage, [media]));
  });
  return { message: 'Schedule deleted' };
}
