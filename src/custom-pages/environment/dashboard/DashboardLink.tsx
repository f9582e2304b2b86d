import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { accentColour } from './dashboardColours';

/** A drill-down link of the dashboard, readable on the light and on the dark background. */
export const DashboardLink = ({
  to,
  title,
  children,
}: {
  to: string;
  title: string;
  children: ReactNode;
}) => (
  <Link
    component={RouterLink}
    to={to}
    title={title}
    sx={(theme) => ({ color: accentColour(theme.palette.mode, theme.palette.primary.main) })}
  >
    {children}
  </Link>
);
