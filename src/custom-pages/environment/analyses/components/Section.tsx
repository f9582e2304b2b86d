import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useId } from 'react';

/** A titled part of a tab (headers, text, blocks), labelled by its title for screen readers. */
export const Section = ({ title, children }: { title: string; children: ReactNode }) => {
  const id = useId();
  return (
    <Stack component="section" spacing={1.5} aria-labelledby={id}>
      <Typography id={id} variant="h6" component="h3">
        {title}
      </Typography>
      {children}
    </Stack>
  );
};
