import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '../../../test/fakeApi';
import { fakeRest } from '../../../test/fakeRest';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { environmentRoutes } from '../../environment/analyses/testing';

beforeEach(resetBrowserState);

const reference = {
  id: 'c1',
  projectId: 'p1',
  kind: 'extracted_informations',
  name: 'reference',
  valueType: 'string',
  ignored: false,
  visibility: 'private',
  updatedAt: '2026-12-01T10:00:00.000Z',
};

describe('classifications page (spec pipeline §3: value types, ignored, private)', () => {
  it('lists the settings in French and says on its field why a type the bank does not fit is refused', async () => {
    window.localStorage.setItem('locale', 'fr');
    const user = userEvent.setup();
    const settings = fakeRest('projects/p1/classifications', [reference]);
    renderConsole('/project/p1/testing-center/messages-bank/classifications', {
      ...environmentRoutes('qualifier'),
      ...settings.routes,
      // The server's refusal, in English: the console says it from its code.
      'PUT /v4/console/api/projects/p1/classifications/c1': json(
        {
          code: 'VALIDATION_FAILED',
          message: 'Validation failed',
          details: [
            {
              path: 'valueType',
              message: "The message 'm1.eml' expects 'AB-12' for 'reference', which is not of this type",
              code: 'classificationValuesOfOtherType',
              params: { message: 'm1.eml', value: 'AB-12', name: 'reference', count: 3 },
            },
          ],
        },
        400,
      ),
    });
    await screen.findByRole('heading', { name: 'Classifications', level: 1 }, { timeout: 8000 });
    expect(screen.getByText(/Comment les tests lisent une classification/)).toBeInTheDocument();
    const row = (await screen.findByText('reference')).closest('tr')!;
    expect(row).toHaveTextContent('Texte');
    expect(row).toHaveTextContent('Privée (écartée des exports)');

    await user.click(within(row).getByText('reference'));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByDisplayValue('reference', {}, { timeout: 5000 });
    await user.click(within(dialog).getByRole('combobox', { name: /Type de valeur/ }));
    await user.click(await screen.findByRole('option', { name: 'Nombre' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText(
        'Le message « m1.eml » attend « AB-12 » pour « reference », qui n’est pas de ce type (messages à corriger : 3)',
      ),
    ).toBeInTheDocument();
  });
});
