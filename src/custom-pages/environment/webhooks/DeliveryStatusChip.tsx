import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';

const COLOURS = { pending: 'info', delivered: 'success', failed: 'error' } as const;

/** A delivery's state in words and colour (the words carry it; the colour only repeats them). */
export const DeliveryStatusChip = ({ status }: { status: string }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLOURS[status as keyof typeof COLOURS] ?? 'default'}
      label={translate(`resources.webhook-deliveries.values.status.${status}`, { _: status })}
    />
  );
};
