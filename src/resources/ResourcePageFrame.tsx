import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { ResourceDescriptor } from './types';
import { useRouteScope } from './useRouteScope';

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

/**
 * A page that is one resource's generated list under a sentence saying what it is for, scoped by
 * the route (the testing centre's parameters and classifications).
 */
export const IntroducedListPage = ({
  resource,
  titleKey,
  introKey,
}: {
  resource: ResourceDescriptor;
  titleKey: string;
  introKey: string;
}) => {
  const translate = useTranslate();
  const scope = useRouteScope();
  const List = resource.list;
  return (
    <ResourcePageFrame titleKey={titleKey} wide>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate(introKey)}
      </Typography>
      <List resource={resource} scope={scope} />
    </ResourcePageFrame>
  );
};
