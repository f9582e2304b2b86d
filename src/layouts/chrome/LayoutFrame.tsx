import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoader } from '../../components/PageLoader';

export interface LayoutFrameProps {
  appBar: ReactNode;
  /** The side menu, when the layout has one. */
  menu?: ReactNode;
  /** The page; the matched child route by default. */
  children?: ReactNode;
}

/** The frame of every layout: app bar on top, optional side menu, the page in a scrolling main area. */
export const LayoutFrame = ({ appBar, menu, children }: LayoutFrameProps) => (
  <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh', bgcolor: 'background.default' }}>
    {appBar}
    <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
      {menu ? (
        <Paper
          component="aside"
          square
          elevation={0}
          sx={{ width: 240, flexShrink: 0, borderRight: 1, borderColor: 'divider' }}
        >
          {menu}
        </Paper>
      ) : null}
      <Box component="main" sx={{ flex: 1, minWidth: 0, p: 3 }}>
        <Suspense fallback={<PageLoader />}>{children ?? <Outlet />}</Suspense>
      </Box>
    </Box>
  </Box>
);
