import Skeleton from '@mui/material/Skeleton';
import { Suspense, lazy, type ComponentProps } from 'react';
import { useTranslate } from 'react-admin';

// Fetched when the dashboard first draws a chart (React.lazy): the chart library stays out of every
// other page's download, the sign-in page's first of all.
const LazyStatusChart = lazy(() => import('./DashboardCharts').then((m) => ({ default: m.StatusChart })));
const LazyCategoryChart = lazy(() => import('./DashboardCharts').then((m) => ({ default: m.CategoryChart })));

const ChartPlaceholder = ({ height }: { height: number }) => {
  const translate = useTranslate();
  return (
    <Skeleton variant="rectangular" height={height} aria-label={translate('app.dashboard.chartLoading')} />
  );
};

type StatusProps = ComponentProps<typeof LazyStatusChart>;
type CategoryProps = ComponentProps<typeof LazyCategoryChart>;

export const StatusChart = (props: StatusProps) => (
  <Suspense fallback={<ChartPlaceholder height={300} />}>
    <LazyStatusChart {...props} />
  </Suspense>
);

export const CategoryChart = (props: CategoryProps) => (
  <Suspense fallback={<ChartPlaceholder height={160} />}>
    <LazyCategoryChart {...props} />
  </Suspense>
);
