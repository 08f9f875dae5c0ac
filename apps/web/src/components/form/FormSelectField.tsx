import type { FieldValues } from 'react-hook-form';
import { FormTextField, type FormTextFieldProps } from './FormTextField';

export interface SelectOption {
  value: string | number;
  label: string;
}

const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;

/** A native select bound to react-hook-form: one option per entry, in order. */
export function FormSelectField<T extends FieldValues, O extends FieldValues = T>({
  options,
  ...props
}: Omit<FormTextFieldProps<T, O>, 'select' | 'children' | 'slotProps'> & {
  options: readonly SelectOption[];
}) {
  return (
    <FormTextField {...props} select slotProps={nativeSelect}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </FormTextField>
  );
}
