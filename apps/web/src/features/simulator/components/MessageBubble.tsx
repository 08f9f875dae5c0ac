import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import AttachFile from '@mui/icons-material/AttachFile';
import Done from '@mui/icons-material/Done';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import Mic from '@mui/icons-material/Mic';
import Phone from '@mui/icons-material/Phone';
import Place from '@mui/icons-material/Place';
import ContactPhone from '@mui/icons-material/ContactPhone';
import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';
import type { ConversationItem } from '../conversation';
import { WhatsAppText } from '../../../lib/whatsapp/WhatsAppText';
import { AckIcon } from './AckIcon';

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      {icon}
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function CustomerContent({ item }: { item: Extract<ConversationItem, { from: 'customer' }> }) {
  const { t } = useTranslation('simulator');
  const { message } = item;
  const attachment = message.label ?? (message.type !== 'text' ? t(`types.${message.type}`) : null);
  return (
    <>
      {message.type === 'location' && message.location && (
        <Line icon={<Place fontSize="small" />}>
          {message.location.name || `${message.location.latitude}, ${message.location.longitude}`}
        </Line>
      )}
      {message.type === 'vcard' && <Line icon={<ContactPhone fontSize="small" />}>{attachment}</Line>}
      {message.type === 'call' && <Line icon={<Phone fontSize="small" />}>{t('types.call')}</Line>}
      {['image', 'audio', 'video', 'document'].includes(message.type) && attachment && (
        <Line icon={<AttachFile fontSize="small" />}>{attachment}</Line>
      )}
      {message.body && message.type !== 'vcard' && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <WhatsAppText text={message.body} />
        </Typography>
      )}
    </>
  );
}

function OurContent({ item }: { item: Extract<ConversationItem, { from: 'us' }> }) {
  const { t } = useTranslation('simulator');
  const { message } = item;
  if (message.isDeleted) {
    return (
      <Typography variant="body2" fontStyle="italic" color="text.secondary">
        {t('chat.deleted')}
      </Typography>
    );
  }
  return (
    <>
      {message.type !== 'text' && (
        <Line icon={message.voiceNote ? <Mic fontSize="small" /> : <AttachFile fontSize="small" />}>
          {message.voiceNote ? t('chat.voiceNote') : (message.fileName ?? t(`types.${message.type}`))}
        </Line>
      )}
      {message.body && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <WhatsAppText text={message.body} />
        </Typography>
      )}
    </>
  );
}

/** One message: the customer's on the right (this page is their phone), ours on the left with its ack. */
export function MessageBubble({ item }: { item: ConversationItem }) {
  const { t } = useTranslation('simulator');
  const mine = item.from === 'customer';
  const time = Number.isNaN(item.at) ? '' : format(item.at, 'HH:mm');
  return (
    <Box
      data-testid={mine ? 'customer-message' : 'outbox-message'}
      data-state={mine ? item.message.state : undefined}
      sx={{
        alignSelf: mine ? 'flex-end' : 'flex-start',
        maxWidth: { xs: '85%', sm: 600 },
        minWidth: 0,
        px: 1.5,
        py: 0.75,
        borderRadius: 2,
        bgcolor: (theme) =>
          mine ? (theme.palette.mode === 'dark' ? '#005c4b' : '#d9fdd3') : theme.palette.background.paper,
        boxShadow: 1,
      }}
    >
      {mine ? <CustomerContent item={item} /> : <OurContent item={item} />}
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'flex-end',
          alignItems: 'center',
          gap: 0.5,
          mt: 0.25,
          color: 'text.secondary',
          fontSize: 14,
        }}
      >
        {!mine && item.message.isEdited && <Typography variant="caption">{t('chat.edited')}</Typography>}
        <Typography variant="caption">{time}</Typography>
        {mine && item.message.state === 'sending' && (
          <Typography variant="caption">{t('chat.sending')}</Typography>
        )}
        {mine && item.message.state === 'accepted' && (
          <Done fontSize="inherit" color="action" titleAccess={t('chat.accepted')} />
        )}
        {mine && item.message.state === 'failed' && (
          <ErrorOutline fontSize="inherit" color="error" titleAccess={t('chat.failed')} />
        )}
        {!mine && <AckIcon ack={item.message.ack} />}
      </Box>
    </Box>
  );
}
