import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '../../../test/fakeApi';
import { fakeRest } from '../../../test/fakeRest';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { environmentRoutes } from '../../environment/analyses/testing';

beforeEach(resetBrowserState);

const mails = {
  id: 'dm1',
  projectId: 'p1',
  name: 'Mails',
  module: 'categorization',
  description: 'What the categorisation says of mails',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

describe('parameters page (spec pipeline §2: domain modules)', () => {
  it('lists the domain modules to a qualifier and says in French why one a rule uses stays', async () => {
    window.localStorage.setItem('locale', 'fr');
    const user = userEvent.setup();
    const modules = fakeRest('projects/p1/domain-modules', [mails]);
    renderConsole('/project/p1/testing-center/messages-bank/parameters', {
      ...environmentRoutes('qualifier'),
      ...modules.routes,
      // The server's refusal, in English: the console says it from its code.
      'DELETE /v4/console/api/projects/p1/domain-modules/dm1': json(
        {
          code: 'DOMAIN_MODULE_IN_USE',
          message: 'Domain rules use this module: change or delete them first',
          params: { rules: 2 },
        },
        409,
      ),
    });
    await screen.findByRole(
      'heading',
      { name: 'Paramètres (modules de domaine)', level: 1 },
      { timeout: 8000 },
    );
    expect(screen.getByText(/Un module de domaine est une source de classifications/)).toBeInTheDocument();
    const row = (await screen.findByText('Mails')).closest('tr')!;
    expect(row).toHaveTextContent('Catégorisation');

    await user.click(within(row).getByRole('checkbox', { name: 'Sélectionner cette ligne' }));
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    expect(
      await screen.findByText(
        'Des règles de domaine (2) utilisent ce module : modifiez-les ou supprimez-les d’abord',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(modules.records).toHaveLength(1));
  });
});
