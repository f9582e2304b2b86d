import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '../../../test/fakeApi';
import { fakeRest } from '../../../test/fakeRest';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { API, ENV_PATH, environmentRoutes } from '../analyses/testing';

beforeEach(resetBrowserState);

const enabledAlert = {
  id: 'al1',
  environmentId: 'e1',
  kind: 'timeout',
  minutes: 30,
  threshold: null,
  interval: null,
  status: null,
  category: null,
  email: 'night@acme.test',
  enabled: true,
  lastFiredAt: '2026-11-25T10:00:00.000Z',
  ownerName: 'bob',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const firing = {
  id: 'f1',
  environmentId: 'e1',
  alertId: 'al1',
  kind: 'timeout',
  analysisId: 'a1',
  analysisName: 'Stuck invoice',
  periodStart: null,
  count: null,
  email: 'night@acme.test',
  createdAt: '2026-11-25T10:00:00.000Z',
};

const alertRoutes = () => {
  const alerts = fakeRest('environments/e1/alerts', [enabledAlert], {
    serverFields: { environmentId: 'e1', lastFiredAt: null, ownerName: 'carol' },
  });
  const firings = fakeRest('environments/e1/alert-firings', [firing]);
  return {
    alerts,
    firings,
    routes: { ...environmentRoutes('cockpit'), ...alerts.routes, ...firings.routes },
  };
};

const open = async (routes: Record<string, unknown>) => {
  const view = renderConsole(`${ENV_PATH}/dashboard/alerts`, routes as never);
  await screen.findByRole('heading', { name: 'Alerts', level: 1 }, { timeout: 8000 });
  return view;
};

describe('environment alerts (spec pipeline §3, §4, §6)', () => {
  it('lets a cockpit viewer create a timeout alert in the form', async () => {
    const user = userEvent.setup();
    const { alerts, routes } = alertRoutes();
    await open(routes);
    expect(await screen.findByText('Stuck invoice')).toBeInTheDocument();
    expect(screen.getAllByText('night@acme.test')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create alert' });
    // Each kind shows its own settings: a timeout alert (the default) its delay only.
    const delay = () => within(dialog).queryByRole('spinbutton', { name: /^Delay \(minutes\)/ });
    const threshold = () => within(dialog).queryByRole('spinbutton', { name: /^Threshold/ });
    expect(delay()).toBeInTheDocument();
    expect(threshold()).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /^Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Threshold exceeded' }));
    expect(threshold()).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /^Period/ })).toBeInTheDocument();
    expect(delay()).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /^Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Delay exceeded' }));
    expect(threshold()).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('spinbutton', { name: /^Delay \(minutes\)/ }), '15');
    await user.type(within(dialog).getByRole('textbox', { name: /^Email address/ }), 'ops@acme.test');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = alerts.requests.find((r) => r.method === 'POST');
    expect(sent?.body).toMatchObject({ kind: 'timeout', minutes: 15, email: 'ops@acme.test', enabled: true });
    expect(await screen.findByText('ops@acme.test')).toBeInTheDocument();
  });

  it('says why an enabled alert cannot be changed', async () => {
    const user = userEvent.setup();
    const { routes } = alertRoutes();
    await open({
      ...routes,
      [`PUT ${API}/alerts/al1`]: json(
        { message: 'Disable the alert before changing it', code: 'ALERT_ENABLED' },
        409,
      ),
    });
    // The alert's row (its address is in the firings below too).
    await user.click((await screen.findAllByText('night@acme.test'))[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Edit alert' });
    const minutes = await within(dialog).findByRole('spinbutton', { name: /^Delay \(minutes\)/ });
    await user.clear(minutes);
    await user.type(minutes, '45');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Disable the alert before changing it (or change “Enabled” only)'),
    ).toBeInTheDocument();
  });

  it('is reached from the dashboard, and shows one alert’s firings from its last firing', async () => {
    const user = userEvent.setup();
    const { firings, routes } = alertRoutes();
    const { router } = renderConsole(`${ENV_PATH}/dashboard`, {
      ...routes,
      [`GET ${API}/dashboard`]: json(
        { message: 'Dashboards are not available', code: 'DASHBOARDS_DISABLED' },
        404,
      ),
    });
    await user.click(await screen.findByRole('link', { name: 'Alerts' }, { timeout: 8000 }));
    await screen.findByRole('heading', { name: 'Alerts', level: 1 });
    expect(router.state.location.pathname).toBe(`${ENV_PATH}/dashboard/alerts`);

    await user.click(await screen.findByRole('button', { name: /^11\/25\/26 / }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?alert=al1');
    await waitFor(() =>
      expect(
        firings.requests.some((r) => JSON.parse(r.url.searchParams.get('filter') ?? '{}').alertId === 'al1'),
      ).toBe(true),
    );
    expect(screen.getByText('One alert’s firings only')).toBeInTheDocument();
  });
});
