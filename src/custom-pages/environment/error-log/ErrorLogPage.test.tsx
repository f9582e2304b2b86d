import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ErrorLogEntry } from '../../../../schemas/contracts/error-log';
import { json } from '../../../test/fakeApi';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { API, ENV_PATH, environmentRoutes } from '../analyses/testing';

beforeEach(resetBrowserState);

const entries: ErrorLogEntry[] = [
  {
    kind: 'step',
    at: '2026-11-20T10:00:00.000Z',
    analysisId: 'a1',
    analysisName: 'claim.eml',
    step: 'replyTemplate',
    summary: 'The reply template failed',
    errors: ["The reply template failed: Template 'reply', line 2: Unknown filter 'shout'"],
    categories: ['Claim'],
  },
  {
    kind: 'delivery',
    at: '2026-11-19T10:00:00.000Z',
    analysisId: 'a2',
    analysisName: 'invoice.pdf',
    deliveryId: 'd1',
    webhookId: 'w1',
    webhookUrl: 'https://hooks.acme.test/in',
    errorCode: 'DELIVERY_HTTP_ERROR',
    errorParams: { status: 500 },
    error: 'HTTP 500',
  },
];

describe('error log page (spec pipeline §2 "error log")', () => {
  it('lists failed steps and deliveries, each linked to its analysis, and filters on the server', async () => {
    const user = userEvent.setup();
    const queries: URLSearchParams[] = [];
    renderConsole(`${ENV_PATH}/error-log`, {
      ...environmentRoutes('qualifier'),
      [`GET ${API}/error-log`]: ({ url }) => {
        queries.push(url.searchParams);
        const kind = url.searchParams.get('kind');
        const category = url.searchParams.get('category');
        const shown = entries.filter(
          (e) =>
            (!kind || e.kind === kind) &&
            (!category || (e.kind === 'step' && e.categories.includes(category))),
        );
        return json({ entries: shown, total: shown.length });
      },
    });
    await screen.findByRole('heading', { name: 'Error log', level: 1 }, { timeout: 8000 });
    expect(screen.getByRole('link', { name: 'Error log' })).toHaveAttribute('href', `${ENV_PATH}/error-log`);

    const table = await screen.findByRole('table', { name: 'Error log' });
    const [, stepRow, deliveryRow] = within(table).getAllByRole('row');
    expect(stepRow).toHaveTextContent('Reply template');
    expect(stepRow).toHaveTextContent("line 2: Unknown filter 'shout'");
    expect(within(stepRow).getByRole('link', { name: 'claim.eml' })).toHaveAttribute(
      'href',
      `${ENV_PATH}/analyses/a1`,
    );
    // A delivery's failure in the user's words, from its code.
    expect(deliveryRow).toHaveTextContent('https://hooks.acme.test/in');
    expect(deliveryRow).toHaveTextContent('The receiver answered HTTP 500');
    expect(within(deliveryRow).getByRole('link', { name: 'invoice.pdf' })).toHaveAttribute(
      'href',
      `${ENV_PATH}/analyses/a2`,
    );
    expect(Object.fromEntries(queries[0])).toEqual({ page: '1', perPage: '25' });

    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Delivery' }));
    await screen.findByText((_, el) => el?.tagName === 'TD' && el.textContent === 'Delivery');
    expect(Object.fromEntries(queries.at(-1)!)).toEqual({ kind: 'delivery', page: '1', perPage: '25' });
    expect(within(screen.getByRole('table', { name: 'Error log' })).getAllByRole('row')).toHaveLength(2);

    // The category is chosen in a select offering the categories of the entries read so far (the
    // deliveries shown now have none: 'Claim' comes from the first page).
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    const listbox = await screen.findByRole('listbox');
    const offered = within(listbox).getAllByRole('option');
    expect(offered.map((option) => option.textContent)).toEqual(['All categories', 'Claim']);
    await user.click(within(listbox).getByRole('option', { name: 'Claim' }));
    await waitFor(() =>
      expect(Object.fromEntries(queries.at(-1)!)).toEqual({
        kind: 'delivery',
        category: 'Claim',
        page: '1',
        perPage: '25',
      }),
    );
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('Claim');
    await screen.findByText('No errors for these filters.');

    // "All categories" drops the filter.
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'All categories' }));
    await waitFor(() =>
      expect(Object.fromEntries(queries.at(-1)!)).toEqual({ kind: 'delivery', page: '1', perPage: '25' }),
    );
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('');

    // A category no entry shown has yet can still be typed, applied with Enter.
    await user.type(screen.getByRole('combobox', { name: 'Category' }), 'Invoice{Enter}');
    await waitFor(() =>
      expect(Object.fromEntries(queries.at(-1)!)).toEqual({
        kind: 'delivery',
        category: 'Invoice',
        page: '1',
        perPage: '25',
      }),
    );
  });

  it('says when there is nothing to show', async () => {
    renderConsole(`${ENV_PATH}/error-log`, {
      ...environmentRoutes('qualifier'),
      [`GET ${API}/error-log`]: json({ entries: [], total: 0 }),
    });
    expect(
      await screen.findByText('No errors for these filters.', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
  });

  it('is not in the menu of a cockpit user', async () => {
    renderConsole(`${ENV_PATH}/analyses`, {
      ...environmentRoutes('cockpit'),
      [`GET ${API}/analyses`]: json([]),
    });
    await screen.findByRole('link', { name: 'Analyses' }, { timeout: 8000 });
    expect(screen.queryByRole('link', { name: 'Error log' })).not.toBeInTheDocument();
  });
});
