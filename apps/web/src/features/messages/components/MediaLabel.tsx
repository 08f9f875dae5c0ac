import type { ReactElement } from 'react';
import Box from '@mui/material/Box';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import MicOutlined from '@mui/icons-material/MicOutlined';
import PersonOutline from '@mui/icons-material/PersonOutline';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import { useTranslation } from 'react-i18next';

const small = { fontSize: 16 } as const;

type MediaKind = 'audio' | 'image' | 'video' | 'document' | 'location' | 'contact';

/** The icon and `messages:media.*` label of each mediaType that has no text of its own. */
const MEDIA: Record<string, { icon: ReactElement; label: MediaKind }> = {
  audio: { icon: <MicOutlined sx={small} />, label: 'audio' },
  image: { icon: <ImageOutlined sx={small} />, label: 'image' },
  video: { icon: <VideocamOutlined sx={small} />, label: 'video' },
  application: { icon: <InsertDriveFileOutlined sx={small} />, label: 'document' },
  locationMessage: { icon: <PlaceOutlined sx={small} />, label: 'location' },
  vcard: { icon: <PersonOutline sx={small} />, label: 'contact' },
};

export const hasMediaLabel = (mediaType: string | null): mediaType is string =>
  mediaType !== null && mediaType in MEDIA;

/** A message without words of its own, by its kind: an icon and "Audio", "Image", "Location"… */
export function MediaLabel({ mediaType }: { mediaType: string }) {
  const { t } = useTranslation('messages');
  const media = MEDIA[mediaType];
  if (!media) return null;
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
      data-testid="media-label"
    >
      {media.icon}
      {t(`media.${media.label}`)}
    </Box>
  );
}
