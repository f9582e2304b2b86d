import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '../../../test/fakeApi';
import { fakeRest } from '../../../test/fakeRest';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { environmentRoutes } from '../../environment/analyses/testing';

beforeEach(resetBrowserState);

const API = '/v4/console/api/projects/p1';

const termination = {
  id: 'dr1',
  projectId: 'p1',
  name: 'termination',
  kind: 'categories',
  classification: 'Contract termination',
  inputType: 'email',
  module: 'dm1',
  priorities: [{ environmentId: 'e1', priority: 5 }],
};

/** The page over a fake server: one rule using the module Mails, with a priority in Production. */
const renderPage = async () => {
  const rules = fakeRest('projects/p1/domain-rules', [termination]);
  const modules = fakeRest('projects/p1/domain-modules', [
    { id: 'dm1', projectId: 'p1', name: 'Mails', module: 'categorization', description: '' },
  ]);
  renderConsole('/project/p1/testing-center/messages-bank/domain-rules', {
    ...environmentRoutes('qualifier'),
    ...rules.routes,
    ...modules.routes,
    [`GET ${API}/category-rules`]: json([
      { name: 'termination', categories: ['Contract termination'], environments: ['e1'] },
      { name: 'claim', categories: ['Claim declaration'], environments: ['e1'] },
    ]),
  });
  await screen.findByRole('heading', { name: 'Domain rules', level: 1 }, { timeout: 8000 });
};

describe('domain rules page (spec pipeline §2–3, §5)', () => {
  it('shows each rule’s module by its name and its priorities as environment: priority', async () => {
    await renderPage();
    expect(screen.getByText(/the others are NO_DOMAIN_RULE/)).toBeInTheDocument();
    const row = (await screen.findByText('Contract termination')).closest('tr')!;
    await waitFor(() => expect(row).toHaveTextContent('Mails'));
    expect(row).not.toHaveTextContent('dm1');
    expect(within(row).getByText('Production : 5')).toBeInTheDocument();
    expect(row).toHaveTextContent('Emails');
  });
});
