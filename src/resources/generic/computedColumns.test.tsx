import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeRest } from '../../test/fakeRest';
import { makeUser } from '../../test/fixtures';
import { resetBrowserState } from '../../test/renderConsole';
import { renderResourceView } from '../../test/renderResourceView';
import { getResource } from '../registry';

const staff = makeUser({ role: 'staff' });
const scope = { organisationId: 'o1', projectId: 'p1', environmentId: 'e1' };
const categories = getResource('categories');
const contexts = getResource('contexts');
const servers = getResource('servers');

const complaint = {
  id: 'c1',
  name: 'Complaint',
  kind: 'message',
  rules: [
    {
      name: 'angry',
      priority: 20,
      enabled: true,
      criteria: {
        type: 'all',
        children: [
          { type: 'interaction', name: 'complain' },
          { type: 'not', children: [{ type: 'category', name: 'Spam' }] },
          {
            type: 'any',
            children: [
              { type: 'header', name: 'Subject', value: 'urgent' },
              { type: 'interaction', name: 'contract', parameter: 'number', value: 'CT-1' },
            ],
          },
        ],
      },
    },
    {
      name: 'old',
      priority: 5,
      enabled: false,
      criteria: { type: 'metadata', name: 'source', value: 'fax' },
    },
  ],
  updatedAt: '2026-11-02T10:00:00Z',
};

/** The cells of each body row, by column header. */
const rows = async () => {
  const table = await screen.findByRole('table');
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      Object.fromEntries(
        within(row)
          .getAllByRole('cell')
          .map((cell, i) => [headers[i], cell.textContent]),
      ),
    );
};

beforeEach(resetBrowserState);

describe('computed list columns (x-admin computedColumns)', () => {
  it('shows a category’s rules in words and its first priority, the disabled rule said so', async () => {
    const rest = fakeRest('environments/e1/categories', [complaint]);
    renderResourceView(<categories.list resource={categories} scope={scope} />, {
      routes: rest.routes,
      user: staff,
    });
    const [row] = await rows();
    expect(row.Rules).toBe(
      'angry: interaction complain and not category Spam and (header Subject contains “urgent” or ' +
        'interaction contract, number = “CT-1”)' +
        'old: metadata source = “fax” (disabled)',
    );
    // The disabled rule (priority 5) is never tried: the category's priority is its enabled rule's.
    expect(row.Priority).toBe('20');
    // Computed columns cannot be sorted by the server: their headers are no sort buttons.
    expect(screen.queryByRole('button', { name: 'Priority' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Name' })).toBeInTheDocument();
  });

  it('says the rules in French for a French user', async () => {
    window.localStorage.setItem('locale', 'fr');
    const rest = fakeRest('environments/e1/categories', [
      { ...complaint, rules: [{ ...complaint.rules[0], priority: 3 }] },
    ]);
    renderResourceView(<categories.list resource={categories} scope={scope} />, {
      routes: rest.routes,
      user: staff,
    });
    const [row] = await rows();
    expect(row.Règles).toBe(
      'angry\u202f: interaction complain et pas catégorie Spam et (en-tête Subject contient « urgent » ou ' +
        'interaction contract, number = « CT-1 »)',
    );
    expect(row.Priorité).toBe('3');
  });

  it('shows the servers and the interaction count the server gives each context', async () => {
    const rest = fakeRest('environments/e1/contexts', [
      { id: 'x1', name: 'care', languages: ['fr'], servers: ['Main', 'spare'], interactionCount: 1234 },
      { id: 'x2', name: 'unused', languages: ['auto'], servers: [], interactionCount: 0 },
    ]);
    renderResourceView(<contexts.list resource={contexts} scope={scope} />, {
      routes: rest.routes,
      user: staff,
    });
    const [care, unused] = await rows();
    expect(care).toMatchObject({ Name: 'care', Servers: 'Main, spare', Interactions: '1,234' });
    expect(unused).toMatchObject({ Name: 'unused', Servers: '', Interactions: '0' });
  });

  it('shows the contexts each server loads', async () => {
    const rest = fakeRest('environments/e1/servers', [
      { id: 's1', name: 'Main', aiVersion: 'v5', contexts: ['billing', 'care'], state: 'stopped' },
    ]);
    renderResourceView(<servers.list resource={servers} scope={scope} />, {
      routes: rest.routes,
      user: staff,
    });
    const [main] = await rows();
    expect(main).toMatchObject({ Name: 'Main', 'Associated contexts': 'billing, care' });
  });
});
