import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Popover from '@mui/material/Popover';
import PaletteOutlinedIcon from '@mui/icons-material/PaletteOutlined';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form/FormTextField';
import { isQueueColor } from '../colors';
import { ColorPalette } from './ColorPalette';

/** A colour text field (`#rrggbb`) with a swatch of the current value and a palette to pick from. */
export function ColorPickerField<T extends FieldValues, O extends FieldValues = T>({
  control,
  name,
  label,
  required,
}: {
  control: Control<T, unknown, O>;
  name: Path<T>;
  label: string;
  required?: boolean;
}) {
  const { t } = useTranslation('queues');
  const { field } = useController({ control, name });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const value = typeof field.value === 'string' ? field.value : '';

  return (
    <>
      <FormTextField
        control={control}
        name={name}
        label={label}
        required={required}
        slotProps={{
          htmlInput: { maxLength: 9, spellCheck: false },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Box
                  data-testid="color-swatch"
                  sx={{
                    width: 20,
                    height: 20,
                    borderRadius: 0.5,
                    border: 1,
                    borderColor: 'divider',
                    bgcolor: isQueueColor(value) ? value : 'transparent',
                  }}
                />
              </InputAdornment>
            ),
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  edge="end"
                  aria-label={t('color.pick')}
                  data-testid="color-picker-button"
                  onClick={(event) => setAnchor(event.currentTarget)}
                >
                  <PaletteOutlinedIcon />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <ColorPalette
          value={value}
          label={(color) => t('color.option', { color })}
          onPick={(color) => {
            field.onChange(color);
            setAnchor(null);
          }}
        />
      </Popover>
    </>
  );
}
