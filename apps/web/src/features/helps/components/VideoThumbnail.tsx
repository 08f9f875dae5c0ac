import { useState } from 'react';
import Box from '@mui/material/Box';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutline';
import { thumbnailUrl } from '../youtube';

type ImageState = 'loading' | 'loaded' | 'failed';

/**
 * The video's picture over a neutral block with a play icon. The picture shows only once it has loaded and
 * is dropped when it fails, so a missing thumbnail (offline, unknown video) never shows as a broken image.
 */
export function VideoThumbnail({ videoId }: { videoId: string | null }) {
  const [state, setState] = useState<ImageState>('loading');
  const showImage = videoId !== null && state !== 'failed';
  return (
    <Box
      data-testid="help-thumbnail"
      data-state={showImage ? state : 'placeholder'}
      sx={{
        position: 'relative',
        aspectRatio: '16 / 9',
        bgcolor: 'action.hover',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        overflow: 'hidden',
      }}
    >
      <PlayCircleOutlineIcon sx={{ fontSize: 56, color: 'text.secondary' }} />
      {showImage && (
        <Box
          component="img"
          src={thumbnailUrl(videoId)}
          alt=""
          loading="lazy"
          onLoad={() => setState('loaded')}
          onError={() => setState('failed')}
          sx={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            objectFit: 'cover',
            opacity: state === 'loaded' ? 1 : 0,
            transition: 'opacity 200ms',
          }}
        />
      )}
    </Box>
  );
}
