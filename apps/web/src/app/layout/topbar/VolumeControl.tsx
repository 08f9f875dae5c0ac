import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import VolumeDown from '@mui/icons-material/VolumeDown';
import VolumeOff from '@mui/icons-material/VolumeOff';
import VolumeUp from '@mui/icons-material/VolumeUp';
import { useTranslation } from 'react-i18next';
import { usePreference } from '../../../lib/preferences/preference';
import { VOLUME_STEP, volumePreference } from '../../../lib/preferences/volume';

export function VolumeIcon({ volume }: { volume: number }) {
  if (volume === 0) return <VolumeOff />;
  return volume < 0.5 ? <VolumeDown /> : <VolumeUp />;
}

/** The volume slider on its own (inline on wide screens, inside the top bar's menu on narrow ones). */
export function VolumeSlider() {
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

/** Notification volume, 0 to 1 (stored as `volume`), inline in the wide top bar. */
export function VolumeControl() {
  const volume = usePreference(volumePreference);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1 }}>
      <VolumeIcon volume={volume} />
      <VolumeSlider />
    </Box>
  );
}
