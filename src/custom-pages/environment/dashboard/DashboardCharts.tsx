import { BarChart } from '@mui/x-charts/BarChart';
import { useTheme } from '@mui/material/styles';
import { ANALYSIS_STATUSES, type AnalysisStatus } from '../../../../schemas/analysis-result';
import type { DashboardReport } from '../../../../schemas/contracts/dashboard';
import { accentColour, statusColours } from './dashboardColours';

/**
 * The dashboard's charts (MUI X Charts), in a module of their own that the page loads lazily: the
 * chart library is fetched with the dashboard, never with the sign-in page or the other pages. The
 * same figures are in the tables beside them, which screen readers and drill-down use too.
 */
const HEIGHT = 300;

export interface StatusChartProps {
  series: DashboardReport['series'];
  /** Bucket names in the user's language, one per bucket. */
  labels: string[];
  statusLabel: (status: AnalysisStatus) => string;
  onStatus: (status: AnalysisStatus, bucketIndex: number) => void;
}

/** Analyses per bucket, stacked by status; a click on a bar opens its analyses. */
export const StatusChart = ({ series, labels, statusLabel, onStatus }: StatusChartProps) => {
  const colours = statusColours(useTheme().palette.mode);
  return (
    <BarChart
      height={HEIGHT}
      xAxis={[{ scaleType: 'band', data: labels }]}
      // Counts are whole numbers.
      yAxis={[{ tickMinStep: 1 }]}
      series={ANALYSIS_STATUSES.map((status) => ({
        id: status,
        label: statusLabel(status),
        data: series.map((bucket) => bucket[status]),
        stack: 'status',
        color: colours[status],
      }))}
      onItemClick={(_event, item) => {
        const status = ANALYSIS_STATUSES.find((s) => s === item.seriesId);
        if (status && item.dataIndex !== undefined) onStatus(status, item.dataIndex);
      }}
    />
  );
};

export interface CategoryChartProps {
  categories: DashboardReport['categories'];
  label: string;
  onCategory: (name: string) => void;
}

/** The most frequent categories as horizontal bars; a click opens the category's analyses. */
export const CategoryChart = ({ categories, label, onCategory }: CategoryChartProps) => {
  const theme = useTheme();
  return (
    <BarChart
      height={Math.max(120, 40 * categories.length + 60)}
      layout="horizontal"
      yAxis={[{ scaleType: 'band', data: categories.map((c) => c.name), width: 140 }]}
      xAxis={[{ tickMinStep: 1 }]}
      series={[
        {
          id: 'categories',
          label,
          data: categories.map((c) => c.analyses),
          color: accentColour(theme.palette.mode, theme.palette.primary.main),
        },
      ]}
      hideLegend
      onItemClick={(_event, item) => {
        const category = item.dataIndex === undefined ? undefined : categories[item.dataIndex];
        if (category) onCategory(category.name);
      }}
    />
  );
};
