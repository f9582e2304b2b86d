import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getResource } from '../../../resources/registry';
import { fakeRest } from '../../../test/fakeRest';
import { resetBrowserState } from '../../../test/renderConsole';
import { renderResourceView } from '../../../test/renderResourceView';

const auditLogs = getResource('audit-logs');
const scope = { organisationId: 'o1' };

const row = (id: string, resource: string, action: string, createdAt: string) => ({
  id,
  createdAt,
  actorName: 'Ada Admin',
  impersonatorName: null,
  byStaff: false,
  action,
  resource,
  recordId: `record-${id}`,
  changes: {},
});
const logs = [
  row('l1', 'reply-templates', 'create', '2026-11-03T10:00:00Z'),
  row('l2', 'environment-llm', 'update', '2026-11-02T10:00:00Z'),
  row('l3', 'gizmo-parts', 'delete', '2026-11-01T10:00:00Z'),
];

/** The Resource and Action cells of each row, newest first. */
const cells = async () => {
  const table = await screen.findByRole('table');
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
  const resource = headers.findIndex((h) => h === 'Resource' || h === 'Ressource');
  const action = headers.indexOf('Action');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => {
      const texts = within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent);
      return [texts[resource], texts[action]];
    });
};

const filterOf = (url: URL) => JSON.parse(url.searchParams.get('filter') ?? '{}') as Record<string, unknown>;

beforeEach(resetBrowserState);

describe('the audit log', () => {
  it('names resources and actions in the user’s language, an unknown resource in plain words', async () => {
    const rest = fakeRest('organisations/o1/audit-logs', logs);
    renderResourceView(<auditLogs.list resource={auditLogs} scope={scope} />, { routes: rest.routes });
    expect(await cells()).toEqual([
      ['Reply template', 'Creation'],
      ['Environment LLM', 'Change'],
      ['Gizmo parts', 'Deletion'],
    ]);
  });

  it('does so in French', async () => {
    window.localStorage.setItem('locale', 'fr');
    const rest = fakeRest('organisations/o1/audit-logs', logs);
    renderResourceView(<auditLogs.list resource={auditLogs} scope={scope} />, { routes: rest.routes });
    expect(await cells()).toEqual([
      ['Modèle de réponse', 'Création'],
      ['LLM de l’environnement', 'Modification'],
      ['Gizmo parts', 'Suppression'],
    ]);
  });

  it('filters by a resource chosen by its name, asking the server for its path', async () => {
    const user = userEvent.setup();
    const rest = fakeRest('organisations/o1/audit-logs', logs);
    renderResourceView(<auditLogs.list resource={auditLogs} scope={scope} />, { routes: rest.routes });
    await screen.findByRole('table');
    await user.click(screen.getByRole('combobox', { name: 'Resource' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(expect.arrayContaining(['All', 'Reply template', 'Context', 'Environment LLM']));
    expect(options).not.toContain('reply-templates');
    await user.click(screen.getByRole('option', { name: 'Reply template' }));
    await waitFor(() => expect(filterOf(rest.requests.at(-1)!.url)).toEqual({ resource: 'reply-templates' }));
    expect(await cells()).toEqual([['Reply template', 'Creation']]);
  });
});
