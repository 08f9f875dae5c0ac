import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useErrorText } from './useErrorText';

export type FormTextFieldProps<T extends FieldValues, O extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'defaultValue'
> & {
  control: Control<T, unknown, O>;
  name: Path<T>;
  /** Rewrites what the user typed before it reaches the form (input masks). */
  transform?: (value: string, previous: string) => string;
};

/** A MUI text field bound to react-hook-form; the input's `name` is the API field name. */
export function FormTextField<T extends FieldValues, O extends FieldValues = T>({
  control,
  name,
  transform,
  helperText,
  ...props
}: FormTextFieldProps<T, O>) {
  const { field, fieldState } = useController({ control, name });
  const errorText = useErrorText();
  const { ref, value, onChange, ...fieldProps } = field;
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  return (
    <TextField
      fullWidth
      margin="normal"
      {...props}
      {...fieldProps}
      value={text}
      onChange={(event) => onChange(transform ? transform(event.target.value, text) : event.target.value)}
      inputRef={ref}
      error={fieldState.error !== undefined}
      helperText={fieldState.error ? errorText(fieldState.error.message) : helperText}
    />
  );
}
