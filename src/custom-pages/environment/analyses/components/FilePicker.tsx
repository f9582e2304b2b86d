import AttachFile from '@mui/icons-material/AttachFile';
import Button from '@mui/material/Button';
import { useRef } from 'react';
import { ACCEPTED_FILES } from './uploadRules';

export interface FilePickerProps {
  label: string;
  onPick: (files: File[]) => void;
  multiple?: boolean;
  disabled?: boolean;
}

/**
 * A button that opens the file chooser on the accepted extensions. The chooser's filter is only a
 * hint (a user can pick "all files"), so the caller still checks what comes back (uploadRules.ts).
 */
export const FilePicker = ({ label, onPick, multiple = false, disabled = false }: FilePickerProps) => {
  const input = useRef<HTMLInputElement>(null);
  return (
    <Button component="label" variant="outlined" startIcon={<AttachFile />} disabled={disabled}>
      {label}
      <input
        ref={input}
        hidden
        type="file"
        multiple={multiple}
        accept={ACCEPTED_FILES}
        aria-label={label}
        onChange={(event) => {
          onPick(Array.from(event.target.files ?? []));
          // The same file chosen again (after removing it) must fire a change too.
          if (input.current) input.current.value = '';
        }}
      />
    </Button>
  );
};
