import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

interface FormSwitchProps<T extends FieldValues, O extends FieldValues> {
  control: Control<T, unknown, O>;
  name: Path<T>;
  label: string;
}

/** An on/off field bound to react-hook-form; the checkbox carries the API field name. */
export function FormSwitch<T extends FieldValues, O extends FieldValues = T>({
  control,
  name,
  label,
}: FormSwitchProps<T, O>) {
  const { field } = useController({ control, name });
  return (
    <FormControlLabel
      label={label}
      control={
        <Switch
          name={field.name}
          checked={field.value === true}
          inputRef={field.ref}
          onBlur={field.onBlur}
          onChange={(event) => field.onChange(event.target.checked)}
        />
      }
    />
  );
}
