import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { MessageView } from '@zapdesk/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import { format } from 'date-fns';
import { useDeleteMessage, useMessageList } from '../api';
import { flattenMessages } from '../cache';
import { groupMessages } from '../grouping';
import { useMessagesLive } from '../realtime';
import { CycleMarker } from './CycleMarker';
import { MessageBubble } from './MessageBubble';

/** Older messages load once the list is scrolled within 50 px of its top (spec 1 section 9). */
export const LOAD_OLDER_THRESHOLD_PX = 50;
const STICK_TO_BOTTOM_PX = 120;

interface MessageListProps {
  ticketId: number;
  /** Absent in a read-only peek: no reply or delete. */
  onReply?: (message: MessageView) => void;
}

/** The ticket's paged history with day separators and conversation markers, following new messages while at the bottom. */
export function MessageList({ ticketId, onReply }: MessageListProps) {
  const { data, isPending, hasNextPage, isFetchingNextPage, fetchNextPage } = useMessageList(ticketId);
  const remove = useDeleteMessage();
  useMessagesLive(ticketId);
  const messages = useMemo(() => flattenMessages(data), [data]);
  const rows = useMemo(() => groupMessages(messages), [messages]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const pageCount = data?.pages.length ?? 0;
  // Distance from the bottom before older messages were put on top, to keep the reader's place.
  const fromBottom = useRef<number | null>(null);
  const atBottom = useRef(true);
  const lastId = messages.at(-1)?.id;

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    if (fromBottom.current !== null) {
      element.scrollTop = element.scrollHeight - fromBottom.current;
      fromBottom.current = null;
    }
  }, [pageCount]);

  useEffect(() => {
    const element = scrollRef.current;
    if (element && atBottom.current) element.scrollTop = element.scrollHeight;
  }, [lastId]);

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX;
    if (element.scrollTop < LOAD_OLDER_THRESHOLD_PX && hasNextPage && !isFetchingNextPage) {
      fromBottom.current = element.scrollHeight - element.scrollTop;
      void fetchNextPage();
    }
  };

  return (
    <Box
      ref={scrollRef}
      onScroll={onScroll}
      data-testid="message-list"
      sx={{ flex: 1, minHeight: 0, overflowY: 'auto', py: 1, bgcolor: 'action.hover' }}
    >
      {(isPending || isFetchingNextPage) && (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 1 }}>
          <CircularProgress size={24} />
        </Box>
      )}
      {rows.map((row) => {
        if (row.kind === 'day') {
          return (
            <Box
              key={row.key}
              sx={{ display: 'flex', justifyContent: 'center', my: 1 }}
              data-testid="day-separator"
            >
              <Chip size="small" label={format(row.date, 'dd/MM/yyyy')} />
            </Box>
          );
        }
        if (row.kind === 'ticketChange') return <CycleMarker key={row.key} startedAt={row.startedAt} />;
        return (
          <MessageBubble
            key={row.key}
            message={row.message}
            onReply={onReply}
            onDelete={onReply && ((message) => remove.mutate(message.id))}
          />
        );
      })}
    </Box>
  );
}
