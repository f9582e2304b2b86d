import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Confirm, useGetList, useNotify, useTranslate, type RaRecord } from 'react-admin';
import {
  restoreVersion,
  versionDifferences,
  type Difference,
} from '../../../../schemas/contracts/configuration';
import { errorMessage } from '../../../api';
import { ChoiceField } from '../../../components/ChoiceField';
import { useApiClient } from '../../../providers/ServicesContext';
import { getResource } from '../../../resources/registry';
import { ResourcePageFrame } from '../../../resources/ResourcePageFrame';
import { useRouteScope } from '../../../resources/useRouteScope';
import { DifferencesTable } from './DifferencesTable';

const versions = getResource('versions');
const CURRENT = 'current';

const option = (v: RaRecord) => ({
  value: String(v.id),
  label: `${String(v.name)} · ${String(v.environmentName)}`,
});

/**
 * Versions of the project's environments: save one (the environment as it is), list them by name
 * and date, compare one with the environment now or with another version, and restore one, after
 * the warning that it replaces the whole current configuration.
 */
export const VersionsPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useApiClient();
  const scope = useRouteScope();
  const projectId = scope.projectId ?? '';
  const { data: saved = [] } = useGetList(versions.apiResource(projectId), {
    sort: { field: 'createdAt', order: 'DESC' },
    pagination: { page: 1, perPage: 500 },
  });
  const [chosen, setChosen] = useState('');
  const [against, setAgainst] = useState(CURRENT);
  const [differences, setDifferences] = useState<Difference[]>();
  const [restoring, setRestoring] = useState(false);
  const [busy, setBusy] = useState(false);
  const version = saved.find((v) => v.id === chosen);
  const List = versions.list;

  const compare = async () => {
    try {
      setDifferences(
        await client.call(versionDifferences, {
          params: { projectId, id: chosen },
          query: { with: against },
        }),
      );
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    }
  };

  const restore = async () => {
    setBusy(true);
    try {
      const { entities } = await client.call(restoreVersion, { params: { projectId, id: chosen } });
      notify('app.versions.restored', { type: 'success', messageArgs: { smart_count: entities } });
      setDifferences(undefined);
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
      setRestoring(false);
    }
  };

  return (
    <ResourcePageFrame titleKey="app.routes.versions">
      <Stack spacing={3}>
        <List resource={versions} scope={scope} />
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              {translate('app.versions.compareTitle')}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <ChoiceField
                label={translate('app.versions.version')}
                value={chosen}
                onChange={(value) => {
                  setChosen(value);
                  setDifferences(undefined);
                }}
                options={saved.map(option)}
              />
              <ChoiceField
                label={translate('app.versions.against')}
                value={against}
                onChange={(value) => {
                  setAgainst(value);
                  setDifferences(undefined);
                }}
                options={[
                  { value: CURRENT, label: translate('app.versions.current') },
                  ...saved.filter((v) => v.id !== chosen).map(option),
                ]}
              />
            </Stack>
            {differences ? (
              <Stack sx={{ mt: 2 }}>
                <DifferencesTable differences={differences} />
              </Stack>
            ) : null}
          </CardContent>
          <CardActions>
            <Button disabled={!version} onClick={() => void compare()}>
              {translate('app.versions.compare')}
            </Button>
            <Button color="warning" disabled={!version} onClick={() => setRestoring(true)}>
              {translate('app.versions.restore')}
            </Button>
          </CardActions>
        </Card>
      </Stack>
      <Confirm
        isOpen={restoring}
        loading={busy}
        title="app.versions.restoreTitle"
        titleTranslateOptions={{ name: String(version?.name ?? '') }}
        content={translate('app.versions.restoreWarning', {
          environment: String(version?.environmentName ?? ''),
        })}
        confirm="app.versions.restore"
        confirmColor="warning"
        onConfirm={() => void restore()}
        onClose={() => setRestoring(false)}
      />
    </ResourcePageFrame>
  );
};
