import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { queueColorPalette } from '../colors';

/** A grid of colour swatches; the chosen one is outlined. */
export function ColorPalette({
  value,
  onPick,
  label,
}: {
  value: string;
  onPick: (color: string) => void;
  label: (color: string) => string;
}) {
  const current = value.toUpperCase();
  return (
    <Box
      role="listbox"
      data-testid="color-palette"
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(10, 24px)', gap: 0.75, p: 1.5 }}
    >
      {queueColorPalette.map((color) => (
        <ButtonBase
          key={color}
          role="option"
          aria-selected={color === current}
          aria-label={label(color)}
          data-color={color}
          onClick={() => onPick(color)}
          sx={{
            width: 24,
            height: 24,
            borderRadius: 0.5,
            bgcolor: color,
            border: 1,
            borderColor: 'divider',
            outline: color === current ? '2px solid' : 'none',
            outlineColor: 'primary.main',
            outlineOffset: 1,
          }}
        />
      ))}
    </Box>
  );
}
