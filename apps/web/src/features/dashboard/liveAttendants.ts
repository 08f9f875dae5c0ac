import type { DashboardAnswer } from '@zapdesk/contracts';

/** What a `company-{id}-user` event says about one user, as far as the attendants table cares. */
export type AttendantChange =
  { kind: 'update'; id: number; name: string; online: boolean } | { kind: 'delete'; id: number };

/** Reads a `-user` event (create/update carry the whole user, delete its id); anything else is ignored. */
export function attendantChangeOf(payload: unknown): AttendantChange | null {
  if (typeof payload !== 'object' || payload === null || !('action' in payload)) return null;
  if (payload.action === 'delete') {
    return 'userId' in payload && typeof payload.userId === 'number'
      ? { kind: 'delete', id: payload.userId }
      : null;
  }
  if (payload.action !== 'update' || !('user' in payload)) return null;
  const user = payload.user;
  if (typeof user !== 'object' || user === null) return null;
  if (!('id' in user) || !('name' in user) || !('online' in user)) return null;
  const { id, name, online } = user;
  if (typeof id !== 'number' || typeof name !== 'string' || typeof online !== 'boolean') return null;
  return { kind: 'update', id, name, online };
}

/** The summary with the change applied to its attendant (unchanged when the user is not listed). */
export function applyAttendantChange(data: DashboardAnswer, change: AttendantChange): DashboardAnswer {
  if (!data.attendants.some((attendant) => attendant.id === change.id)) return data;
  const attendants =
    change.kind === 'delete'
      ? data.attendants.filter((attendant) => attendant.id !== change.id)
      : data.attendants.map((attendant) =>
          attendant.id === change.id ? { ...attendant, name: change.name, online: change.online } : attendant,
        );
  return { ...data, attendants };
}
