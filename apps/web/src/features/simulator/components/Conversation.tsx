import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ConversationItem } from '../conversation';
import { MessageBubble } from './MessageBubble';

/** The conversation, kept scrolled to its newest message; "typing…" under it while our side composes. */
export function Conversation({ items, typing = false }: { items: ConversationItem[]; typing?: boolean }) {
  const { t } = useTranslation('simulator');
  const list = useRef<HTMLDivElement>(null);
  const last = items.at(-1)?.key;
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [last, items.length, typing]);

  return (
    <Box
      ref={list}
      data-testid="simulator-conversation"
      sx={{
        flex: 1,
        minHeight: 0,
        overflowY: 'auto',
        overflowX: 'hidden',
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        p: { xs: 1, sm: 2 },
        bgcolor: (theme) => (theme.palette.mode === 'dark' ? 'grey.900' : '#efeae2'),
      }}
    >
      {items.length === 0 && (
        <Typography color="text.secondary" variant="body2" sx={{ m: 'auto', textAlign: 'center' }}>
          {t('chat.empty')}
        </Typography>
      )}
      {items.map((item) => (
        <MessageBubble key={item.key} item={item} />
      ))}
      {typing && (
        <Typography
          data-testid="simulator-typing"
          variant="body2"
          color="text.secondary"
          role="status"
          sx={{
            // Our side's messages come in on the left, as on the customer's phone.
            alignSelf: 'flex-start',
            fontStyle: 'italic',
            px: 1.5,
            py: 0.75,
            borderRadius: 2,
            bgcolor: 'background.paper',
          }}
        >
          {t('chat.typing')}
        </Typography>
      )}
    </Box>
  );
}
