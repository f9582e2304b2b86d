import Breadcrumbs from '@mui/material/Breadcrumbs';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useLocale, useTranslate } from 'react-admin';
import { getEnvironment } from '../../../../schemas/contracts/tenancy';
import { CallErrorAlert } from '../../../components/CallErrorAlert';
import { DetailList } from '../../../components/DetailList';
import { PageLoader } from '../../../components/PageLoader';
import { useCall } from '../../../providers/useCall';
import { organisationPath, projectPath } from '../../../routing/scopePaths';
import { formatShortDate } from '../../../theme';

/** Environment home (spec §2): where it sits, its visibility and when it was created. */
export const EnvironmentHomePage = () => {
  const translate = useTranslate();
  const locale = useLocale();
  const { envId = '' } = useParams();
  const environment = useCall(getEnvironment, { params: { id: envId } });

  if (environment.status === 'pending') return <PageLoader />;
  if (environment.status === 'error')
    return <CallErrorAlert error={environment.error} onRetry={environment.retry} />;
  const { name, visibility, createdAt, projectId, projectName, organisationId, organisationName } =
    environment.data;

  return (
    <Stack spacing={3}>
      <Breadcrumbs aria-label={translate('app.layouts.breadcrumb')}>
        <Link component={RouterLink} to={organisationPath(organisationId)}>
          {organisationName}
        </Link>
        <Link component={RouterLink} to={projectPath(projectId)}>
          {projectName}
        </Link>
      </Breadcrumbs>
      <Typography variant="h4" component="h1">
        {name}
      </Typography>
      <Card>
        <CardContent>
          <DetailList
            items={[
              {
                label: translate('app.environment.visibility'),
                value: translate(`app.environment.visibilities.${visibility}`),
              },
              { label: translate('app.environment.createdAt'), value: formatShortDate(createdAt, locale) },
            ]}
          />
        </CardContent>
      </Card>
    </Stack>
  );
};
