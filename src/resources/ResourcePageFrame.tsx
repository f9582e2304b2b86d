import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/**
 * The frame of a page that hosts one generated view: its title (the route name) and a card. `wide`
 * for a list with many columns and filters.
 */
export const ResourcePageFrame = ({
  titleKey,
  wide = false,
  children,
}: {
  titleKey: string;
  wide?: boolean;
  children: ReactNode;
}) => {
  const translate = useTranslate();
  return (
    <Stack spacing={3} sx={{ maxWidth: wide ? 1200 : 760 }}>
      <Typography variant="h4" component="h1">
        {translate(titleKey)}
      </Typography>
      <Card>
        <CardContent>{children}</CardContent>
      </Card>
    </Stack>
  );
};
