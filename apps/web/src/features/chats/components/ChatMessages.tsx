import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/Send';
import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';
import type { ChatView } from '@zapdesk/contracts';
import { flattenChatMessages, useChatMessages, useSendChatMessage } from '../api';

/** Spec 2 section 9: older messages load once the history is scrolled under 600 px from its top. */
export const LOAD_OLDER_CHAT_PX = 600;
const STICK_TO_BOTTOM_PX = 120;

/** The chat's history (older pages near the top, following new messages at the bottom) and its input. */
export function ChatMessages({ chat, userId }: { chat: ChatView; userId: number }) {
  const { t } = useTranslation('chats');
  const { data, isPending, hasNextPage, isFetchingNextPage, fetchNextPage } = useChatMessages(chat.id);
  const send = useSendChatMessage(chat.id);
  const [text, setText] = useState('');
  const messages = useMemo(() => flattenChatMessages(data), [data]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const fromBottom = useRef<number | null>(null);
  const atBottom = useRef(true);
  const pageCount = data?.pages.length ?? 0;
  const lastId = messages.at(-1)?.id;

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element || fromBottom.current === null) return;
    element.scrollTop = element.scrollHeight - fromBottom.current;
    fromBottom.current = null;
  }, [pageCount]);

  useEffect(() => {
    const element = scrollRef.current;
    if (element && atBottom.current) element.scrollTop = element.scrollHeight;
  }, [lastId]);

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX;
    if (element.scrollTop < LOAD_OLDER_CHAT_PX && hasNextPage && !isFetchingNextPage) {
      fromBottom.current = element.scrollHeight - element.scrollTop;
      void fetchNextPage();
    }
  };

  const submit = () => {
    const message = text.trim();
    if (message === '' || send.isPending) return;
    atBottom.current = true;
    send.mutate(message, { onSuccess: () => setText('') });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box
        ref={scrollRef}
        onScroll={onScroll}
        data-testid="chat-messages"
        sx={{ flex: 1, minHeight: 0, overflowY: 'auto', p: 1.5, bgcolor: 'action.hover' }}
      >
        {(isPending || isFetchingNextPage) && (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 1 }}>
            <CircularProgress size={24} />
          </Box>
        )}
        {messages.map((message) => {
          const mine = message.senderId === userId;
          return (
            <Box
              key={message.id}
              data-testid="chat-message"
              sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', mb: 1 }}
            >
              <Paper
                elevation={0}
                sx={{
                  px: 1.5,
                  py: 0.75,
                  maxWidth: '80%',
                  bgcolor: mine ? 'primary.light' : 'background.paper',
                  color: mine ? 'primary.contrastText' : 'text.primary',
                }}
              >
                {!mine && (
                  <Typography variant="caption" sx={{ fontWeight: 700, display: 'block' }}>
                    {message.sender?.name ?? t('removedUser')}
                  </Typography>
                )}
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {message.message}
                </Typography>
                <Typography variant="caption" sx={{ display: 'block', textAlign: 'right', opacity: 0.75 }}>
                  {format(new Date(message.createdAt), 'dd/MM HH:mm')}
                </Typography>
              </Paper>
            </Box>
          );
        })}
      </Box>
      <Box
        sx={{ display: 'flex', alignItems: 'flex-end', gap: 1, p: 1, borderTop: 1, borderColor: 'divider' }}
      >
        <TextField
          fullWidth
          multiline
          maxRows={5}
          size="small"
          placeholder={t('typeMessage')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            // Enter sends; Shift+Enter starts a new line.
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              submit();
            }
          }}
          slotProps={{ htmlInput: { 'data-testid': 'chat-input' } }}
        />
        <IconButton
          color="primary"
          aria-label={t('send')}
          onClick={submit}
          disabled={text.trim() === ''}
          data-testid="chat-send"
        >
          <SendIcon />
        </IconButton>
      </Box>
    </Box>
  );
}
