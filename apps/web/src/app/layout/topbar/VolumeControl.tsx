import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Slider from '@mui/material/Slider';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import VolumeDown from '@mui/icons-material/VolumeDown';
import VolumeOff from '@mui/icons-material/VolumeOff';
import VolumeUp from '@mui/icons-material/VolumeUp';
import { useTranslation } from 'react-i18next';
import { usePreference } from '../../../lib/preferences/preference';
import { VOLUME_STEP, volumePreference } from '../../../lib/preferences/volume';

function VolumeIcon({ volume }: { volume: number }) {
  if (volume === 0) return <VolumeOff />;
  return volume < 0.5 ? <VolumeDown /> : <VolumeUp />;
}

function VolumeSlider() {
  const { t } = useTranslation('layout');
  const volume = usePreference(volumePreference);
  return (
    <Slider
      data-testid="volume-slider"
      aria-label={t('topbar.volume')}
      value={volume}
      min={0}
      max={1}
      step={VOLUME_STEP}
      size="small"
      valueLabelDisplay="auto"
      onChange={(_event, value) => volumePreference.set(Array.isArray(value) ? (value[0] ?? 0) : value)}
      sx={{ width: 96, color: 'inherit' }}
    />
  );
}

/** Notification volume, 0 to 1 (stored as `volume`): inline on wide screens, in a popover otherwise. */
export function VolumeControl() {
  const { t } = useTranslation('layout');
  const volume = usePreference(volumePreference);
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  if (wide) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1 }}>
        <VolumeIcon volume={volume} />
        <VolumeSlider />
      </Box>
    );
  }
  return (
    <>
      <IconButton
        data-testid="volume-button"
        color="inherit"
        size="small"
        aria-label={t('topbar.volume')}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <VolumeIcon volume={volume} />
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        transformOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Box sx={{ px: 3, py: 1.5, color: 'primary.main' }}>
          <VolumeSlider />
        </Box>
      </Popover>
    </>
  );
}
