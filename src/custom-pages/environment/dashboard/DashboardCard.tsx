import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One widget of the dashboard: a titled region (named by its title for screen readers). */
export const DashboardCard = ({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) => (
  <Card component="section" aria-labelledby={`${id}-title`} variant="outlined">
    <CardContent>
      <Stack spacing={2}>
        <Typography id={`${id}-title`} variant="h6" component="h2">
          {title}
        </Typography>
        {children}
      </Stack>
    </CardContent>
  </Card>
);
