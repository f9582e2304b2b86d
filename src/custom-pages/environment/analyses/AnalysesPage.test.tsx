import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '../../../test/fakeApi';
import { enterDate } from '../../../test/datePicker';
import { fakeRest } from '../../../test/fakeRest';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { API, ENV_PATH, environmentRoutes, makeAnalysis } from './testing';

const analyses = () =>
  fakeRest('environments/e1/analyses', [
    makeAnalysis(),
    makeAnalysis({ id: 'a2', name: 'Claim 42', status: 'pending', inputType: 'file', durationMs: null }),
    makeAnalysis({ id: 'a3', name: 'Pasted note', status: 'error', inputType: 'text', durationMs: 80 }),
  ]);

const filterOf = (url: URL) => JSON.parse(url.searchParams.get('filter') ?? '{}') as Record<string, unknown>;

const openList = (routes = analyses().routes, access?: Parameters<typeof environmentRoutes>[0]) =>
  renderConsole(`${ENV_PATH}/analyses`, { ...environmentRoutes(access), ...routes });

beforeEach(resetBrowserState);

describe('analyses list (spec §2 "Core analyses")', () => {
  it('lists analyses with their status, input, date and duration, newest first, under the page title', async () => {
    const rest = analyses();
    openList(rest.routes);
    const table = await screen.findByRole('table', { name: 'Analyses' }, { timeout: 8000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const claim = within(table).getByRole('row', { name: /Claim 42/ });
    expect(within(claim).getByText('Pending')).toBeInTheDocument();
    expect(within(claim).getByText('File')).toBeInTheDocument();
    const invoice = within(table).getByRole('row', { name: /Invoice March/ });
    expect(within(invoice).getByText('Processed')).toBeInTheDocument();
    expect(within(invoice).getByText('1.5 s')).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Pasted note/ })).toHaveTextContent('80 ms');
    expect(JSON.parse(rest.requests[0].url.searchParams.get('sort') ?? '')).toEqual(['createdAt', 'DESC']);
    await waitFor(() => expect(document.title).toMatch(/^Analyses · Production/));
    expect(screen.getByRole('navigation', { name: 'Environment menu' })).toHaveTextContent('Analyses');
  });

  it('filters by status, input type, name and creation dates, on the server', async () => {
    const user = userEvent.setup();
    const rest = analyses();
    openList(rest.routes);
    await screen.findByRole('table', { name: 'Analyses' }, { timeout: 8000 });
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Processed' }));
    await user.click(screen.getByRole('combobox', { name: 'Input' }));
    await user.click(await screen.findByRole('option', { name: 'Simulated mail' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'invoice');
    await enterDate('Created on from', '03/01/26');
    await waitFor(() => {
      const filter = filterOf(rest.requests.at(-1)!.url);
      expect(filter).toMatchObject({ status: 'processed', inputType: 'mail', q: 'invoice' });
      expect(new Date(String(filter.createdAt_gte)).getDate()).toBe(1);
    });
  });

  it('asks again every two seconds while open, keeping the filter, and shows the new status', async () => {
    const user = userEvent.setup();
    const rest = analyses();
    openList(rest.routes);
    await screen.findByRole('table', { name: 'Analyses' }, { timeout: 8000 });
    await user.click(screen.getByRole('combobox', { name: 'Input' }));
    await user.click(await screen.findByRole('option', { name: 'File' }));
    await screen.findByRole('row', { name: /Claim 42.*Pending/ });
    const asked = rest.requests.length;
    rest.records[1].status = 'processed';
    expect(await screen.findByRole('row', { name: /Claim 42.*Processed/ })).toBeInTheDocument();
    expect(rest.requests.length).toBeGreaterThan(asked);
    expect(filterOf(rest.requests.at(-1)!.url)).toEqual({ inputType: 'file' });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('opens the result page when a row is clicked', async () => {
    const user = userEvent.setup();
    const { router } = openList({
      ...analyses().routes,
      [`GET ${API}/analyses/a2/result`]: json({ analysis: makeAnalysis({ id: 'a2' }), result: null }),
    });
    await user.click(await screen.findByRole('row', { name: /Claim 42/ }, { timeout: 8000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${ENV_PATH}/analyses/a2`));
  });

  it('offers launching analyses to qualifiers, not to cockpit viewers', async () => {
    const cockpit = openList(analyses().routes, 'cockpit');
    await screen.findByRole('table', { name: 'Analyses' }, { timeout: 8000 });
    expect(screen.queryByRole('button', { name: 'New analysis' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Simulate a mail' })).not.toBeInTheDocument();
    cockpit.unmount();
    openList(analyses().routes, 'qualifier');
    expect(
      await screen.findByRole('button', { name: 'New analysis' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Simulate a mail' })).toBeInTheDocument();
  });
});
