import Alert from '@mui/material/Alert';
import { detailMessage, errorMessage, HttpError } from '../../../api';

export interface Refusal {
  message: string;
  details: { path: string; message: string; code?: string; params?: Record<string, unknown> }[];
}

/** A refused configuration as the server explained it: its message and each problem with its path. */
export const refusalOf = (error: unknown): Refusal => {
  const body = error instanceof HttpError && typeof error.body === 'object' ? error.body : undefined;
  const details = body && 'details' in body && Array.isArray(body.details) ? body.details : [];
  return { message: errorMessage(error), details: details as Refusal['details'] };
};

/** What was wrong with a configuration file, entity by entity. */
export const RefusalAlert = ({ refusal }: { refusal: Refusal }) => (
  <Alert severity="error" role="alert">
    {refusal.message}
    {refusal.details.length > 0 ? (
      <ul>
        {refusal.details.map((d) => (
          <li key={`${d.path} ${d.message}`}>
            <code>{d.path}</code> {detailMessage(d)}
          </li>
        ))}
      </ul>
    ) : null}
  </Alert>
);
