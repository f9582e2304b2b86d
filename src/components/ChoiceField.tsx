import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export interface ChoiceOption {
  value: string;
  label: string;
}

export interface ChoiceFieldProps {
  label: string;
  value: string;
  options: ChoiceOption[];
  onChange: (value: string) => void;
  /** Take the whole width of the parent (a form column) rather than a minimum one (a toolbar). */
  fullWidth?: boolean;
}

/** A labelled select of plain string options, disabled while it has none. */
export const ChoiceField = ({ label, value, options, onChange, fullWidth = false }: ChoiceFieldProps) => (
  <TextField
    select
    label={label}
    value={value}
    onChange={(event) => onChange(event.target.value)}
    disabled={options.length === 0}
    fullWidth={fullWidth}
    sx={fullWidth ? undefined : { minWidth: 240 }}
  >
    {options.map((o) => (
      <MenuItem key={o.value} value={o.value}>
        {o.label}
      </MenuItem>
    ))}
  </TextField>
);
