import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** Label / value pairs of a summary card, as a description list so screen readers pair them. */
export const DetailList = ({ items }: { items: { label: string; value: ReactNode }[] }) => (
  <Box
    component="dl"
    sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0 }}
  >
    {items.map(({ label, value }) => (
      <Box key={label} sx={{ display: 'contents' }}>
        <Typography component="dt" variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'pre-wrap' }}>
          {value}
        </Typography>
      </Box>
    ))}
  </Box>
);
