import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ConsumptionReport } from '../../../../schemas/contracts/consumption';
import type { CurrentUser } from '../../../../schemas/contracts/auth';
import { json, type FakeRequest } from '../../../test/fakeApi';
import { acme, makeUser } from '../../../test/fixtures';
import { enterDate } from '../../../test/datePicker';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';

const CONSUMPTION = '/v4/console/api/organisations/o1/consumption';

const admin = makeUser({ organisations: { o1: { ...makeUser().organisations.o1, role: 'admin' } } });

const report: ConsumptionReport = {
  period: { from: '2026-03-01', to: '2027-02-28', bucket: 'month' },
  totals: { analyses: 6, tokens: 0, sizeMb: 13.5 },
  series: [
    { start: '2026-03-01', analyses: 3, tokens: 0 },
    { start: '2026-04-01', analyses: 0, tokens: 0 },
    { start: '2026-05-01', analyses: 3, tokens: 0 },
  ],
  projects: [
    {
      id: 'p1',
      name: 'Demo project',
      analyses: 5,
      tokens: 0,
      sizeMb: 3.5,
      environments: [
        { id: 'e1', name: 'Production', analyses: 4, tokens: 0, sizeMb: 3.5 },
        { id: 'e2', name: 'Staging', analyses: 1, tokens: 0, sizeMb: 0 },
      ],
    },
    { id: 'p2', name: 'Idle project', analyses: 1, tokens: 0, sizeMb: 10, environments: [] },
  ],
  quota: { yearlyQuota: 10, contractStart: '2026-03-01', used: 2, remaining: 8, percent: 20 },
  co2: {
    since: '2026-03-01',
    analyses: 4,
    processingMs: 9500,
    energyKwh: 0.0000411667,
    kgCo2: 0.00000247,
    method: 'Energy = …',
    factors: { wattsPerBusyCore: 12, pue: 1.3, kgCo2PerKwh: 0.06 },
  },
};

/** The console's reads around the page, and the consumption queries the page sent. */
const server = (user: CurrentUser = admin) => {
  const queries: Record<string, string>[] = [];
  return {
    queries,
    routes: {
      'GET /v4/console/api/user': json(user),
      'GET /v4/console/api/organisations/o1': json(acme),
      [`GET ${CONSUMPTION}`]: ({ url }: FakeRequest) => {
        queries.push(Object.fromEntries(url.searchParams));
        return json(report);
      },
    },
  };
};

beforeEach(() => {
  resetBrowserState();
  window.localStorage.setItem('token', 'jwt-1');
});

const open = async (routes: ReturnType<typeof server>['routes'], path = '/orga/o1/consumption') => {
  const view = renderConsole(path, routes);
  await screen.findByRole('heading', { name: 'Consumption', level: 1 }, { timeout: 8000 });
  return view;
};

describe('organisation consumption page (spec §2, §9)', () => {
  it('shows the quota, the CO2 footprint with its method, the bars and the projects of the contract year', async () => {
    const user = userEvent.setup();
    const { routes, queries } = server();
    await open(routes);
    const quota = await screen.findByRole('region', { name: 'Yearly quota' });
    expect(quota).toHaveTextContent('2 / 10 analyses');
    expect(quota).toHaveTextContent('20 % used · 8 remaining');
    expect(quota).toHaveTextContent('Contract year since 03/01/26');
    expect(within(quota).getByRole('progressbar', { name: 'Share of the quota used' })).toHaveAttribute(
      'aria-valuenow',
      '20',
    );
    const co2 = screen.getByRole('region', { name: 'CO2 footprint' });
    expect(co2).toHaveTextContent('0.00000247 kg CO2');
    expect(co2).toHaveTextContent('0.0000412 kWh');
    expect(co2).toHaveTextContent('Since 03/01/26, 4 analyses');
    await user.click(within(co2).getByRole('button', { name: 'How is this computed?' }));
    expect(within(co2).getByText(/12 W per busy core/)).toBeVisible();
    expect(within(co2).getByText(/PUE 1\.3/)).toHaveTextContent('0.06 kg CO2 per kWh');

    const bars = screen.getByRole('list', { name: 'Analyses over time' });
    expect(
      within(bars)
        .getAllByRole('listitem')
        .map((bar) => bar.getAttribute('aria-label')),
    ).toEqual(['Mar 2026: 3 analyses', 'Apr 2026: 0 analyses', 'May 2026: 3 analyses']);

    const table = screen.getByRole('table', { name: 'Per project and environment' });
    expect(within(table).getByRole('row', { name: /Demo project/ })).toHaveTextContent('Demo project503.5');
    expect(within(table).queryByText('Production')).toBeNull();
    await user.click(within(table).getByRole('button', { name: 'Show the environments of Demo project' }));
    expect(within(table).getByRole('row', { name: /Production/ })).toHaveTextContent('Production403.5');
    expect(within(table).getByRole('row', { name: /Staging/ })).toHaveTextContent('Staging100');
    await user.click(within(table).getByRole('button', { name: 'Show the environments of Idle project' }));
    expect(within(table).getByText('No environment')).toBeInTheDocument();

    // Nothing chosen: the server's default period, the current contract year.
    expect(queries).toEqual([{ bucket: 'month' }]);
    await waitFor(() => expect(document.title).toBe('Consumption · Acme — Console'));
    expect(
      within(screen.getByRole('navigation', { name: 'Organisation menu' })).getByRole('link', {
        name: 'Consumption',
      }),
    ).toHaveAttribute('aria-current', 'page');
  });

  it('asks for another bucket, then for dates starting from the period shown', async () => {
    const user = userEvent.setup();
    const { routes, queries } = server();
    const { router } = await open(routes);
    await screen.findByRole('region', { name: 'Yearly quota' });
    await user.click(screen.getByRole('combobox', { name: 'Per' }));
    await user.click(await screen.findByRole('option', { name: 'Week' }));
    await waitFor(() => expect(queries.at(-1)).toEqual({ bucket: 'week' }));

    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'Chosen dates' }));
    await waitFor(() =>
      expect(queries.at(-1)).toEqual({ from: '2026-03-01', to: '2027-02-28', bucket: 'week' }),
    );
    expect(router.state.location.search).toBe('?from=2026-03-01&to=2027-02-28&bucket=week');
    // In the English pattern, mm/dd/yy (spec platform-shell §9).
    await enterDate('From', '06/15/26');
    await waitFor(() =>
      expect(queries.at(-1)).toEqual({ from: '2026-06-15', to: '2027-02-28', bucket: 'week' }),
    );

    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'Current contract year' }));
    // Asked for earlier: the answer comes from the call cache.
    await waitFor(() => expect(router.state.location.search).toBe('?bucket=week'));
    expect(screen.queryByRole('group', { name: 'From' })).toBeNull();
  });

  it('says when no quota is set', async () => {
    const { routes } = server();
    routes[`GET ${CONSUMPTION}`] = () =>
      json({ ...report, quota: { ...report.quota, yearlyQuota: null, remaining: null, percent: null } });
    await open(routes);
    const quota = await screen.findByRole('region', { name: 'Yearly quota' });
    expect(quota).toHaveTextContent('2 analyses');
    expect(quota).toHaveTextContent('No yearly quota set');
    expect(within(quota).queryByRole('progressbar')).toBeNull();
  });

  it('is refused to members who do not administer the organisation, without asking the server', async () => {
    const { routes, queries } = server(makeUser());
    renderConsole('/orga/o1/consumption', routes);
    expect(await screen.findByText('Access denied', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Organisation menu' })).queryByRole('link', {
        name: 'Consumption',
      }),
    ).toBeNull();
    expect(queries).toEqual([]);
  });
});
