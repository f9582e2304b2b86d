import AppsOutlined from '@mui/icons-material/AppsOutlined';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { ScopeLayout } from './chrome/ScopeLayout';
import { SideMenu } from './chrome/SideMenu';

/** Layout of `/self` (spec §2), the whole console of a light account. */
export const SelfServiceLayout = () => {
  const translate = useTranslate();
  return (
    <ScopeLayout
      access={{ resource: 'self-service' }}
      context={<Typography noWrap>{translate('app.layouts.selfService')}</Typography>}
      menu={
        <SideMenu
          labelKey="app.layouts.selfServiceMenu"
          sections={[
            { entries: [{ to: '/self', labelKey: 'app.menu.useCases', icon: <AppsOutlined />, end: true }] },
          ]}
        />
      }
    />
  );
};
