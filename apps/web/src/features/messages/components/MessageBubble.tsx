import { useState } from 'react';
import type { MessageView } from '@zapdesk/contracts';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { format, parseISO } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { AckIcon } from './AckIcon';
import { WhatsAppText } from '../../../lib/whatsapp/WhatsAppText';
import { bodyShownByMedia, MessageMedia } from './MessageMedia';

/** Bubbles never grow wider than 600 px (spec 1 section 9). */
export const BUBBLE_MAX_WIDTH = 600;

interface MessageBubbleProps {
  message: MessageView;
  /** Without handlers (a read-only peek) the bubble has no options menu. */
  onReply?: (message: MessageView) => void;
  onDelete?: (message: MessageView) => void;
}

function QuotedPreview({ quoted }: { quoted: NonNullable<MessageView['quotedMsg']> }) {
  const { t } = useTranslation('messages');
  return (
    <Box
      sx={{
        borderLeft: 4,
        borderColor: quoted.fromMe ? 'primary.main' : 'success.main',
        bgcolor: 'action.hover',
        p: 0.75,
        mb: 0.5,
        borderRadius: 1,
      }}
      data-testid="message-quoted"
    >
      <Typography variant="caption" sx={{ fontWeight: 600, display: 'block' }}>
        {quoted.fromMe ? t('bubble.you') : (quoted.contact?.name ?? '')}
      </Typography>
      <Typography variant="body2" noWrap>
        <WhatsAppText text={quoted.body} links={false} />
      </Typography>
    </Box>
  );
}

/** One message: ours on the right, theirs on the left, with media, quote, time, acks and an options menu. */
export function MessageBubble({ message, onReply, onDelete }: MessageBubbleProps) {
  const { t } = useTranslation('messages');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const ours = message.fromMe;
  const showBody = message.body && !bodyShownByMedia(message.mediaType) && message.body !== message.mediaName;
  // A picture fills its bubble edge to edge (no empty frame); the options button floats over it.
  const picture = message.mediaType === 'image' && Boolean(message.mediaUrl) && !message.isDeleted;
  return (
    <Box sx={{ display: 'flex', justifyContent: ours ? 'flex-end' : 'flex-start', px: 2, py: 0.25 }}>
      <Box
        data-testid="message-bubble"
        data-from-me={ours}
        data-message-id={message.id}
        sx={{
          position: 'relative',
          maxWidth: { xs: '85%', sm: BUBBLE_MAX_WIDTH },
          minWidth: 90,
          p: picture ? 0.5 : 1,
          pr: picture ? 0.5 : 4,
          borderRadius: 2,
          bgcolor: ours ? 'primary.light' : 'background.paper',
          color: ours ? 'primary.contrastText' : 'text.primary',
          boxShadow: 1,
          '&:hover .message-options': { opacity: 1 },
        }}
      >
        {onReply && (
          <>
            <IconButton
              size="small"
              className="message-options"
              aria-label={t('bubble.options')}
              onClick={(event) => setAnchor(event.currentTarget)}
              sx={{
                position: 'absolute',
                top: picture ? 4 : 0,
                right: picture ? 4 : 0,
                zIndex: 1,
                opacity: { xs: 1, md: 0 },
                color: picture ? '#fff' : 'inherit',
                bgcolor: picture ? 'rgba(0, 0, 0, 0.5)' : undefined,
                '&:hover': picture ? { bgcolor: 'rgba(0, 0, 0, 0.7)' } : undefined,
                '&:focus-visible': { opacity: 1 },
              }}
              data-testid="message-options"
            >
              <ExpandMore fontSize="small" />
            </IconButton>
            <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
              <MenuItem
                onClick={() => {
                  setAnchor(null);
                  onReply(message);
                }}
              >
                {t('bubble.reply')}
              </MenuItem>
              {ours && !message.isDeleted && onDelete && (
                <MenuItem
                  onClick={() => {
                    setAnchor(null);
                    onDelete?.(message);
                  }}
                  data-testid="message-delete"
                >
                  {t('bubble.delete')}
                </MenuItem>
              )}
            </Menu>
          </>
        )}
        {message.quotedMsg && <QuotedPreview quoted={message.quotedMsg} />}
        {!message.isDeleted && <MessageMedia message={message} />}
        {showBody && (
          <Typography
            variant="body2"
            sx={{
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              px: picture ? 0.5 : 0,
              pt: picture ? 0.5 : 0,
              textDecoration: message.isDeleted ? 'line-through' : undefined,
            }}
            data-testid="message-body"
          >
            <WhatsAppText text={message.body} />
          </Typography>
        )}
        <Typography variant="caption" sx={{ display: 'block', textAlign: 'right', px: picture ? 0.5 : 0 }}>
          {message.isDeleted && <em data-testid="message-deleted">{t('bubble.deleted')} · </em>}
          {message.isEdited && <em data-testid="message-edited">{t('bubble.edited')} · </em>}
          {format(parseISO(message.createdAt), 'HH:mm')}
          {ours && <AckIcon ack={message.ack} />}
        </Typography>
      </Box>
    </Box>
  );
}
