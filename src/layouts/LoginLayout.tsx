import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { Outlet } from 'react-router-dom';
import { LocaleSwitch } from './chrome/LocaleSwitch';
import { ShellAppBar } from './chrome/ShellAppBar';

/**
 * Layout of the pages that need no token (spec §2): sign-in, forgotten and reset password. Kept
 * light on purpose: it is in the first download, every other layout is loaded later.
 */
export const LoginLayout = () => (
  <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh', bgcolor: 'background.default' }}>
    <ShellAppBar actions={<LocaleSwitch />} />
    <Box
      component="main"
      sx={{
        flex: 1,
        display: 'flex',
        alignItems: 'flex-start',
        justifyContent: 'center',
        p: 2,
        pt: { xs: 4, sm: 10 },
      }}
    >
      <Paper sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 } }}>
        <Outlet />
      </Paper>
    </Box>
  </Box>
);
