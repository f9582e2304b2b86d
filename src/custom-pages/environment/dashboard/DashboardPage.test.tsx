import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DashboardReport } from '../../../../schemas/contracts/dashboard';
import { json, type FakeRequest } from '../../../test/fakeApi';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { API, ENV_PATH, environmentRoutes } from '../analyses/testing';

beforeEach(resetBrowserState);

const zero = { waiting: 0, pending: 0, processed: 0, error: 0, aborted: 0 };
const report: DashboardReport = {
  period: { from: '2026-11-23', to: '2026-11-25', bucket: 'day', timeZone: 'Europe/Paris' },
  totals: { ...zero, processed: 5, error: 1, analyses: 6, errorRate: 1 / 6 },
  series: [
    { ...zero, start: '2026-11-23', processed: 3 },
    { ...zero, start: '2026-11-24', processed: 2, error: 1 },
    { ...zero, start: '2026-11-25' },
  ],
  categories: [
    { name: 'Claim', analyses: 4 },
    { name: 'Invoice', analyses: 1 },
  ],
  durations: {
    analysis: { runs: 6, p50: 1200, p95: 4300 },
    steps: [{ step: 'extractor', runs: 6, p50: 80, p90: 150, p95: 180, max: 200 }],
  },
  extraction: { analyses: 5, fields: [{ name: 'amount', filled: 4, rate: 0.8 }] },
};

const dashboardRoutes = (answer: (request: FakeRequest) => Response, access = 'cockpit' as const) => {
  const queries: Record<string, string>[] = [];
  return {
    queries,
    routes: {
      ...environmentRoutes(access),
      [`GET ${API}/dashboard`]: (request: FakeRequest) => {
        queries.push(Object.fromEntries(request.url.searchParams));
        return answer(request);
      },
      [`GET ${API}/analyses`]: json([]),
    },
  };
};

const open = async (routes: ReturnType<typeof dashboardRoutes>['routes'], search = '') => {
  const view = renderConsole(`${ENV_PATH}/dashboard${search}`, routes);
  await screen.findByRole('heading', { name: 'Dashboard', level: 1 }, { timeout: 8000 });
  return view;
};

describe('environment dashboard (spec §4, §6, §8)', () => {
  it('shows a cockpit viewer the figures of the last 30 days, each chart’s figures as a table', async () => {
    const { routes, queries } = dashboardRoutes(() => json(report));
    await open(routes);
    const totals = await screen.findByRole('region', { name: 'Overview' });
    expect(totals).toHaveTextContent('Analyses6');
    expect(totals).toHaveTextContent('Error rate16.7%');
    expect(screen.getByText('From 11/23/26 to 11/25/26, per day')).toBeInTheDocument();

    const statuses = screen.getByRole('table', { name: 'Analyses by status' });
    expect(within(statuses).getByRole('row', { name: /11\/24\/26/ })).toHaveTextContent('11/24/26002103');
    expect(within(statuses).getAllByRole('row').at(-1)).toHaveTextContent('Total005106');
    const categories = screen.getByRole('table', { name: 'Categories' });
    expect(within(categories).getByRole('row', { name: /Claim/ })).toHaveTextContent('Claim4');
    const durations = screen.getByRole('table', { name: 'Processing time' });
    expect(within(durations).getByRole('row', { name: /Extractor/ })).toHaveTextContent('Extractor6');
    const fill = screen.getByRole('table', { name: 'Extracted fields filled' });
    expect(within(fill).getByRole('row', { name: /amount/ })).toHaveTextContent('amount480%');

    expect(queries[0]).toMatchObject({ last: '30', unit: 'days' });
    expect(queries[0].tz).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: /environment/i });
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('asks for the last week, then for a range of dates', async () => {
    const user = userEvent.setup();
    const { routes, queries } = dashboardRoutes(() => json(report));
    const { router } = await open(routes);
    await screen.findByRole('region', { name: 'Overview' });
    await user.click(screen.getByRole('combobox', { name: 'Unit' }));
    await user.click(await screen.findByRole('option', { name: 'weeks' }));
    const last = screen.getByRole('spinbutton', { name: 'Last' });
    await user.clear(last);
    await user.type(last, '1');
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ last: '1', unit: 'weeks' }));
    expect(router.state.location.search).toBe('?last=1&unit=weeks');

    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'Chosen dates' }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ from: '2026-11-23', to: '2026-11-25' }));
  });

  it('opens the analyses of a category, filtered on it and on the period', async () => {
    const user = userEvent.setup();
    const { routes } = dashboardRoutes(() => json(report));
    const { router } = await open(routes);
    const categories = await screen.findByRole('table', { name: 'Categories' });
    await user.click(within(categories).getByRole('link', { name: 'Claim' }));
    await screen.findByRole('heading', { name: 'Analyses', level: 1 }, { timeout: 8000 });
    const filter = JSON.parse(new URLSearchParams(router.state.location.search).get('filter') ?? '{}');
    expect(filter).toMatchObject({ categories: 'Claim' });
    expect(new Date(filter.createdAt_gte).getDate()).toBe(23);
    expect(await screen.findByRole('textbox', { name: 'Category' })).toHaveValue('Claim');
  });

  it('says dashboards are not available when the deployment turned them off, in the user’s language', async () => {
    window.localStorage.setItem('locale', 'fr');
    const { routes } = dashboardRoutes(() =>
      json({ code: 'DASHBOARDS_DISABLED', message: 'Dashboards are not available on this deployment' }, 404),
    );
    renderConsole(`${ENV_PATH}/dashboard`, routes);
    expect(
      await screen.findByText('Les tableaux de bord ne sont pas disponibles sur ce déploiement', undefined, {
        timeout: 8000,
      }),
    ).toBeInTheDocument();
  });
});
