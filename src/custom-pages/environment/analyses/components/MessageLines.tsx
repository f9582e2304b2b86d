import Alert from '@mui/material/Alert';
import type { AlertColor } from '@mui/material/Alert';

/** Warnings or errors of a step, an attachment or a test, one line each; nothing when there are none. */
export const MessageLines = ({ lines, severity }: { lines: readonly string[]; severity: AlertColor }) =>
  lines.length === 0 ? null : (
    <Alert severity={severity} sx={{ '& ul': { m: 0, pl: 2 } }}>
      {lines.length === 1 ? (
        lines[0]
      ) : (
        <ul>
          {lines.map((line, index) => (
            <li key={`${index} ${line}`}>{line}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
