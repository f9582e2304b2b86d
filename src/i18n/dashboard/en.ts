import type { Messages } from '../fr';
import type { dashboardFr } from './fr';

/** Messages of an environment's dashboard, English. */
export const dashboardEn: Messages<typeof dashboardFr> = {
  intro:
    'The environment’s analyses over a period: their statuses over time, their categories, the error rate, processing times and how often extracted fields are filled. Click a status or a category to open those analyses.',
  disabled: 'Dashboards are not available on this deployment',
  period: 'Period',
  periods: { relative: 'Relative', range: 'Chosen dates' },
  last: 'Last',
  unit: 'Unit',
  units: { days: 'days', weeks: 'weeks', months: 'months', quarters: 'quarters', years: 'years' },
  from: 'From',
  to: 'To',
  shown: 'From %{from} to %{to}, per %{bucket}',
  buckets: { day: 'day', week: 'week', month: 'month' },
  week: 'Week of %{date}',
  chartLoading: 'Loading the chart…',
  totals: {
    title: 'Overview',
    analyses: 'Analyses',
    errorRate: 'Error rate',
    none: '—',
  },
  statuses: {
    title: 'Analyses by status',
    bucket: 'Period',
    total: 'Total',
    open: 'Open the “%{status}” analyses',
  },
  categories: {
    title: 'Categories',
    top: 'Most frequent categories',
    category: 'Category',
    analyses: 'Analyses',
    empty: 'No category decided in the period.',
    open: 'Open the analyses of category %{name}',
  },
  durations: {
    title: 'Processing time',
    step: 'Step',
    whole: 'Whole analysis',
    runs: 'Runs',
    p50: 'Median',
    p90: '90th percentile',
    p95: '95th percentile',
    max: 'Maximum',
    empty: 'No finished analysis in the period.',
    precision:
      'Runs and maximum are exact; over days summarised (ended over a day ago), percentiles are within 1 %.',
  },
  extraction: {
    title: 'Extracted fields filled',
    field: 'Field',
    filled: 'Analyses filled',
    rate: 'Rate',
    basis: 'Out of %{smart_count} processed analysis |||| Out of %{smart_count} processed analyses',
    empty: 'No extraction field.',
  },
  alerts: {
    open: 'Alerts',
    back: 'Dashboard',
    intro:
      'An alert mails you when an analysis is still unfinished after a delay, or when more analyses than a threshold are created in the current hour, day, week, month or quarter. Each late analysis is reported once; a threshold once per crossing. An enabled alert is disabled before it is changed.',
    enabled: 'Enabled',
    disabled: 'Disabled',
    oneAlert: 'One alert’s firings only',
    firings: 'Firings',
  },
};
