import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useLocale, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { DashboardReport } from '../../../../schemas/contracts/dashboard';
import { DashboardCard } from './DashboardCard';
import { DashboardLink } from './DashboardLink';
import { formatCount } from './dashboardFormat';
import { periodFilter } from './drillDown';
import { CategoryChart } from './LazyCharts';

/** The chart shows the most frequent ones; the table lists them all. */
const TOP = 10;

export interface CategorySectionProps {
  report: DashboardReport;
  linkTo: (filter: Record<string, unknown>) => string;
}

/** Analyses per message category: the top ones as bars, all of them in a table; each opens its analyses. */
export const CategorySection = ({ report, linkTo }: CategorySectionProps) => {
  const translate = useTranslate();
  const locale = useLocale();
  const navigate = useNavigate();
  const { categories, period } = report;
  const link = (name: string) => linkTo({ categories: name, ...periodFilter(period.from, period.to) });
  return (
    <DashboardCard id="dashboard-categories" title={translate('app.dashboard.categories.title')}>
      {categories.length === 0 ? (
        <Typography color="text.secondary">{translate('app.dashboard.categories.empty')}</Typography>
      ) : (
        <>
          <Typography variant="subtitle2" component="h3">
            {translate('app.dashboard.categories.top')}
          </Typography>
          <CategoryChart
            categories={categories.slice(0, TOP)}
            label={translate('app.dashboard.categories.analyses')}
            onCategory={(name) => navigate(link(name))}
          />
          <Table size="small" aria-label={translate('app.dashboard.categories.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.dashboard.categories.category')}</TableCell>
                <TableCell align="right">{translate('app.dashboard.categories.analyses')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {categories.map((category) => (
                <TableRow key={category.name}>
                  <TableCell component="th" scope="row">
                    <DashboardLink
                      to={link(category.name)}
                      title={translate('app.dashboard.categories.open', { name: category.name })}
                    >
                      {category.name}
                    </DashboardLink>
                  </TableCell>
                  <TableCell align="right">{formatCount(category.analyses, locale)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </DashboardCard>
  );
};
