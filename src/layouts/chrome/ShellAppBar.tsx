import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';

export interface ShellAppBarProps {
  /** What this layout is about: a breadcrumb, a section name. */
  context?: ReactNode;
  /** Right-hand side: the user menu, or the language switch before sign-in. */
  actions?: ReactNode;
}

/** The app bar every layout shares: the product name (back to the landing page), context, actions. */
export const ShellAppBar = ({ context, actions }: ShellAppBarProps) => {
  const translate = useTranslate();
  return (
    <AppBar position="static" elevation={1} component="header">
      <Toolbar variant="dense" sx={{ gap: 2 }}>
        <Link component={RouterLink} to="/" color="inherit" underline="none" variant="h6" noWrap>
          {translate('app.product')}
        </Link>
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center' }}>{context}</Box>
        {actions}
      </Toolbar>
    </AppBar>
  );
};
