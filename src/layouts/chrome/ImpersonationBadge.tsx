import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslate } from 'react-admin';
import { getEnvironment } from '../../../schemas/contracts/tenancy';
import {
  currentImpersonation,
  stopImpersonation,
} from '../../custom-pages/account/impersonate/impersonation';
import { useCall } from '../../providers/useCall';

/**
 * Shown in the app bar while platform staff act as someone: whom, in which environment, and the
 * way back. Everything done meanwhile is logged under both names.
 */
export const ImpersonationBadge = () => {
  const translate = useTranslate();
  const impersonation = currentImpersonation();
  const environment = useCall(
    getEnvironment,
    impersonation?.environmentId ? { params: { id: impersonation.environmentId } } : null,
  );
  if (!impersonation) return null;
  const where = environment.status === 'success' ? environment.data.name : '';
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
      <Chip
        color="warning"
        icon={<VisibilityOutlined />}
        label={translate(where ? 'app.impersonate.actingIn' : 'app.impersonate.acting', {
          user: impersonation.username,
          environment: where,
        })}
      />
      <Button color="inherit" size="small" onClick={stopImpersonation}>
        {translate('app.impersonate.stop')}
      </Button>
    </Stack>
  );
};
