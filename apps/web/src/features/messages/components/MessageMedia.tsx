import { useState } from 'react';
import type { MessageView } from '@zapdesk/contracts';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import PersonOutline from '@mui/icons-material/PersonOutline';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import { useTranslation } from 'react-i18next';
import { parseLocation, parseVCard } from '../content';

/** Thumbnails stay inside this box; the viewer shows the picture at full size. */
export const THUMBNAIL_MAX_PX = 240;

/**
 * A bounded thumbnail (a button, for the keyboard too) that opens the picture at its own size, up to the
 * window, on a dark backdrop without a frame around it; a click anywhere or Escape closes it.
 */
function ImageMedia({ url, alt }: { url: string; alt: string }) {
  const { t } = useTranslation('messages');
  const [open, setOpen] = useState(false);
  return (
    <>
      <ButtonBase
        onClick={() => setOpen(true)}
        aria-label={t('bubble.openImage')}
        sx={{ display: 'block', borderRadius: 1, overflow: 'hidden', cursor: 'zoom-in' }}
      >
        <Box
          component="img"
          src={url}
          alt={alt}
          sx={{
            display: 'block',
            // A fixed bound, not a percentage: the bubble sizes itself to the thumbnail, not to the picture.
            maxWidth: THUMBNAIL_MAX_PX,
            maxHeight: THUMBNAIL_MAX_PX,
            objectFit: 'contain',
          }}
          data-testid="message-image"
        />
      </ButtonBase>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        maxWidth={false}
        data-testid="image-viewer"
        slotProps={{
          paper: {
            'aria-label': t('bubble.imageViewer'),
            sx: { m: 1, bgcolor: 'transparent', boxShadow: 'none', backgroundImage: 'none' },
          },
          backdrop: { sx: { bgcolor: 'rgba(0, 0, 0, 0.85)' } },
        }}
      >
        <Box
          component="img"
          src={url}
          alt={alt}
          onClick={() => setOpen(false)}
          sx={{
            display: 'block',
            maxWidth: 'calc(100vw - 16px)',
            maxHeight: 'calc(100dvh - 16px)',
            cursor: 'zoom-out',
          }}
          data-testid="image-viewer-image"
        />
        <IconButton
          onClick={() => setOpen(false)}
          aria-label={t('bubble.closeImage')}
          sx={{
            position: 'absolute',
            top: 8,
            right: 8,
            color: '#fff',
            bgcolor: 'rgba(0, 0, 0, 0.6)',
            '&:hover': { bgcolor: 'rgba(0, 0, 0, 0.8)' },
          }}
          data-testid="image-viewer-close"
        >
          <Close />
        </IconButton>
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
        // The bubble's own text colour: a link colour would vanish on our bubble (primary on primary).
        <Link
          href={url}
          download={message.mediaName ?? true}
          target="_blank"
          rel="noreferrer"
          color="inherit"
          underline="always"
          sx={{ display: 'flex', gap: 1, overflowWrap: 'anywhere' }}
          data-testid="message-document"
        >
          <InsertDriveFileOutlined />
          {message.mediaName ?? t('bubble.download')}
        </Link>
      ) : null;
    case 'locationMessage': {
      const location = parseLocation(message.body);
      if (!location) return null;
      return (
        <Link
          href={location.link}
          target="_blank"
          rel="noreferrer"
          color="inherit"
          underline="always"
          sx={{ display: 'block' }}
        >
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
