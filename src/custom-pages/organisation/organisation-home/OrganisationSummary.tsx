import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useLocale, useTranslate } from 'react-admin';
import type { Organisation } from '../../../../schemas/contracts/tenancy';
import { contractStartOrDefault } from '../../../components/dates';
import { DetailList } from '../../../components/DetailList';
import { formatShortDate } from '../../../theme';

/** The organisation's contract: start date and yearly quota of analyses. */
export const OrganisationSummary = ({ organisation }: { organisation: Organisation }) => {
  const translate = useTranslate();
  const locale = useLocale();
  return (
    <Card>
      <CardContent>
        <DetailList
          items={[
            {
              label: translate('app.organisation.contractStart'),
              value: formatShortDate(contractStartOrDefault(organisation.contractStartDate), locale),
            },
            {
              label: translate('app.organisation.yearlyQuota'),
              value:
                organisation.yearlyQuota === null
                  ? translate('app.organisation.noQuota')
                  : new Intl.NumberFormat(locale).format(organisation.yearlyQuota),
            },
          ]}
        />
      </CardContent>
    </Card>
  );
};
