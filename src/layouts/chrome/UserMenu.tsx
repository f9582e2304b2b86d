import AccountCircle from '@mui/icons-material/AccountCircle';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useLogout, useTranslate } from 'react-admin';
import { fullName } from '../../providers/landing';
import { useCurrentUser } from '../../providers/ServicesContext';
import { ImpersonationBadge } from './ImpersonationBadge';
import { RapidNavigation } from './RapidNavigation';
import { useAccountLanguage } from './useAccountLanguage';

/** Only pages that exist are offered; each new account page adds its entry here. */
const entries = [
  { to: '/profile', labelKey: 'app.menu.profile' },
  { to: '/profile/password', labelKey: 'app.menu.changePassword' },
  { to: '/utils/local-storage-cleaner', labelKey: 'app.menu.localStorageCleaner' },
] as const;

/** The signed-in user's name with their account pages and sign-out. */
export const UserMenu = () => {
  const translate = useTranslate();
  const logout = useLogout();
  const user = useCurrentUser();
  useAccountLanguage();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);

  return (
    <>
      <RapidNavigation />
      <ImpersonationBadge />
      <Button
        color="inherit"
        startIcon={<AccountCircle />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none' }}
      >
        {user ? fullName(user) : translate('app.menu.account')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        {entries.map((entry) => (
          <MenuItem key={entry.to} component={Link} to={entry.to} onClick={close}>
            {translate(entry.labelKey)}
          </MenuItem>
        ))}
        {user?.role === 'staff' ? (
          <MenuItem component={Link} to="/impersonate" onClick={close}>
            {translate('app.routes.impersonate')}
          </MenuItem>
        ) : null}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
        >
          {translate('app.menu.logout')}
        </MenuItem>
      </Menu>
    </>
  );
};
