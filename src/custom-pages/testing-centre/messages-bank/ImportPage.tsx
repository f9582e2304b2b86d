import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { ResourcePageFrame } from '../../../resources/ResourcePageFrame';
import { useRouteScope } from '../../../resources/useRouteScope';
import { testingCentrePath } from '../../../routing/scopePaths';
import { ImportFields, ImportStartButton } from './ImportFields';
import { useBankImport } from './useBankImport';

/**
 * Import into the message bank (spec pipeline §2 "messages-bank/import"): the bank's import dialog
 * as a page of its own, which leads to the bank once done or starts another import.
 */
export const ImportPage = () => {
  const translate = useTranslate();
  const projectId = useRouteScope().projectId ?? '';
  const bankImport = useBankImport(projectId);
  return (
    <ResourcePageFrame titleKey="app.routes.messagesBankImport">
      <Stack spacing={2}>
        <Typography color="text.secondary">{translate('app.testing.importPage.intro')}</Typography>
        <ImportFields bankImport={bankImport} />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {bankImport.finished ? (
            <Button onClick={bankImport.reset}>{translate('app.testing.importPage.again')}</Button>
          ) : null}
          <Button
            component={Link}
            to={`${testingCentrePath(projectId)}/messages-bank`}
            variant={bankImport.finished ? 'contained' : 'text'}
            disabled={bankImport.busy}
          >
            {translate('app.testing.importPage.openBank')}
          </Button>
          <ImportStartButton bankImport={bankImport} />
        </Stack>
      </Stack>
    </ResourcePageFrame>
  );
};
