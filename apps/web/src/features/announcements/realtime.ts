import { useQueryClient } from '@tanstack/react-query';
import { ANNOUNCEMENT_EVENT } from '@zapdesk/contracts';
import { useSocketEvent } from '../../lib/socket/RealtimeContext';
import { announcementKeys } from './api';

/** Announcements are global: `company-announcement` reaches every socket. */
export function useAnnouncementsLive(): void {
  const queryClient = useQueryClient();
  useSocketEvent(
    ANNOUNCEMENT_EVENT,
    () => void queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  );
}
