import { useLocale, useTranslate } from 'react-admin';
import type { DashboardReport } from '../../../../schemas/contracts/dashboard';
import { DetailList } from '../../../components/DetailList';
import { DashboardCard } from './DashboardCard';
import { formatCount, formatRate } from './dashboardFormat';

/** The period's analyses and error rate (errors among the finished analyses). */
export const DashboardTotals = ({ totals }: { totals: DashboardReport['totals'] }) => {
  const translate = useTranslate();
  const locale = useLocale();
  return (
    <DashboardCard id="dashboard-totals" title={translate('app.dashboard.totals.title')}>
      <DetailList
        items={[
          { label: translate('app.dashboard.totals.analyses'), value: formatCount(totals.analyses, locale) },
          {
            label: translate('app.dashboard.totals.errorRate'),
            value:
              totals.errorRate === null
                ? translate('app.dashboard.totals.none')
                : formatRate(totals.errorRate, locale),
          },
        ]}
      />
    </DashboardCard>
  );
};
