import { storageKeys } from '../session/storage';
import { createPreference } from './preference';

export const VOLUME_STEP = 0.1;

/** Notification sound volume, 0 to 1 in steps of 0.1 (spec 1 section 9); 1 when nothing is saved. */
export function parseVolume(raw: string | null): number {
  if (raw === null || raw.trim() === '') return 1;
  const value = Number(raw);
  if (!Number.isFinite(value)) return 1;
  return Math.round(Math.min(1, Math.max(0, value)) * 10) / 10;
}

export const volumePreference = createPreference(storageKeys.volume, parseVolume, (value) => String(value));
