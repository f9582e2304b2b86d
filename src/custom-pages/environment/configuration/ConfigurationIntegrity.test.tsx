import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '../../../test/fakeApi';
import { fakeRest } from '../../../test/fakeRest';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { API, ENV_PATH, environmentRoutes } from '../analyses/testing';

beforeEach(resetBrowserState);

const cancel = {
  id: 'a1',
  environmentId: 'e1',
  name: 'cancel',
  expressions: [{ type: 'term', value: 'annuler' }],
  subArchetypes: [],
  updatedAt: '2026-11-20T10:00:00.000Z',
};

describe('configuration integrity in the console', () => {
  it('says in French which interactions keep an archetype from being deleted, and keeps it', async () => {
    window.localStorage.setItem('locale', 'fr');
    const user = userEvent.setup();
    const archetypes = fakeRest('environments/e1/archetypes', [cancel]);
    renderConsole(`${ENV_PATH}/configuration?section=archetypes`, {
      ...environmentRoutes('configurator'),
      ...archetypes.routes,
      // The server's refusal, in English: the console says it from its code and parameters.
      [`DELETE ${API}/archetypes/a1`]: json(
        {
          code: 'CONFIGURATION_IN_USE',
          message: "'cancel' is used by cancel contract, cancellation: change or delete them first",
          params: { name: 'cancel', users: 'cancel contract, cancellation', count: 2 },
        },
        409,
      ),
    });
    const row = (await screen.findByText('cancel', {}, { timeout: 20_000 })).closest('tr')!;
    await user.click(within(row).getByRole('checkbox', { name: 'Sélectionner cette ligne' }));
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    expect(
      await screen.findByText(
        '« cancel » est utilisé par cancel contract, cancellation : modifiez-les ou supprimez-les d’abord.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(archetypes.records).toHaveLength(1));
  });
});
