import { useState } from 'react';
import type { MessageView } from '@zapdesk/contracts';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import PersonOutline from '@mui/icons-material/PersonOutline';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import { useTranslation } from 'react-i18next';
import { parseLocation, parseVCard } from '../content';

function ImageMedia({ url, alt }: { url: string; alt: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Box
        component="img"
        src={url}
        alt={alt}
        onClick={() => setOpen(true)}
        sx={{ maxWidth: '100%', maxHeight: 300, borderRadius: 1, cursor: 'zoom-in', display: 'block' }}
        data-testid="message-image"
      />
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="lg" data-testid="image-viewer">
        <Box
          component="img"
          src={url}
          alt={alt}
          sx={{ maxWidth: '100%', maxHeight: '90vh', display: 'block' }}
        />
      </Dialog>
    </>
  );
}

/** The media part of a bubble by `mediaType`; plain text kinds have none. */
export function MessageMedia({ message }: { message: MessageView }) {
  const { t } = useTranslation('messages');
  const url = message.mediaUrl;
  switch (message.mediaType) {
    case 'image':
      return url ? <ImageMedia url={url} alt={message.body} /> : null;
    case 'audio':
      return url ? <Box component="audio" controls src={url} sx={{ maxWidth: '100%' }} /> : null;
    case 'video':
      return url ? (
        <Box component="video" controls src={url} sx={{ maxWidth: '100%', maxHeight: 300 }} />
      ) : null;
    case 'application':
      return url ? (
        <Link
          href={url}
          download={message.mediaName ?? true}
          target="_blank"
          rel="noreferrer"
          sx={{ display: 'flex', gap: 1 }}
        >
          <InsertDriveFileOutlined />
          {message.mediaName ?? t('bubble.download')}
        </Link>
      ) : null;
    case 'locationMessage': {
      const location = parseLocation(message.body);
      if (!location) return null;
      return (
        <Link href={location.link} target="_blank" rel="noreferrer" sx={{ display: 'block' }}>
          {location.image.startsWith('data:image') && (
            <Box component="img" src={location.image} alt="" sx={{ maxWidth: '100%', display: 'block' }} />
          )}
          <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
            <PlaceOutlined fontSize="small" />
            {location.description || t('bubble.openMap')}
          </Box>
        </Link>
      );
    }
    case 'vcard':
    case 'contactMessage': {
      const card = parseVCard(message.body);
      return (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }} data-testid="message-vcard">
          <PersonOutline />
          <Box>
            <Typography sx={{ fontWeight: 500 }}>{card.name}</Typography>
            <Typography variant="body2">{card.number}</Typography>
          </Box>
        </Box>
      );
    }
    default:
      return null;
  }
}

/** Kinds whose body is already shown by the media part. */
export const bodyShownByMedia = (mediaType: string): boolean =>
  ['locationMessage', 'vcard', 'contactMessage', 'audio'].includes(mediaType);
