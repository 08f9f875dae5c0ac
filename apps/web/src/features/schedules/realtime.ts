import { useCompanyEvent } from '../../lib/socket/RealtimeContext';
import { useReloadSchedules } from './api';

/** `company-{id}-schedule` (a save elsewhere, the sender marking one sent or failed) reloads the calendar. */
export function useSchedulesLive(): void {
  const reload = useReloadSchedules();
  useCompanyEvent('schedule', () => reload());
}
