import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId } from 'react';

export interface TextInputProps extends Pick<
  OutlinedInputProps,
  'name' | 'type' | 'autoComplete' | 'autoFocus' | 'required' | 'disabled' | 'error' | 'value'
> {
  label: string;
  helperText?: string;
  onChange: (value: string) => void;
}

/**
 * A labelled text field built from the pieces MUI's TextField is made of. TextField also imports
 * the select variants (menus, popovers) whether used or not; the sign-in pages are in the first
 * download, so they use this lighter field.
 */
export const TextInput = ({
  label,
  helperText,
  onChange,
  required,
  disabled,
  error,
  ...input
}: TextInputProps) => {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl variant="outlined" fullWidth required={required} disabled={disabled} error={error}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        aria-describedby={helperText ? helperId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
};
