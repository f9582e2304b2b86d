import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fakeApi';
import { resetBrowserState } from '../../../test/renderConsole';
import { renderResourceView } from '../../../test/renderResourceView';
import { RenameFilesDialog } from './RenameFilesDialog';

beforeEach(resetBrowserState);

const BATCH = '/v4/console/api/projects/p1/messages/batch';
const messages = [
  { id: '11111111-1111-4111-8111-111111111111', name: 'scan_2024.pdf' },
  { id: '22222222-2222-4222-8222-222222222222', name: 'Dégât des eaux' },
  { id: '33333333-3333-4333-8333-333333333333', name: 'draft' },
];

/** The preview's rows as the user reads them: original name, then new name or why not. */
const previewRows = () =>
  within(screen.getByRole('table', { name: 'Preview' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('renaming the selected files of the bank', () => {
  it('previews each mode live, says why a name cannot be given, and applies the rule', async () => {
    const user = userEvent.setup();
    const posted: unknown[] = [];
    const onRenamed = vi.fn();
    renderResourceView(
      <RenameFilesDialog open projectId="p1" messages={messages} onClose={() => {}} onRenamed={onRenamed} />,
      {
        routes: {
          [`POST ${BATCH}`]: (request) => {
            posted.push(request.body);
            return json({ changed: 3 });
          },
        },
      },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Rename 3 messages' });
    const apply = within(dialog).getByRole('button', { name: 'Rename' });
    expect(apply).toBeDisabled();

    await user.type(within(dialog).getByRole('textbox', { name: 'Find' }), 'draft');
    await waitFor(() =>
      expect(previewRows()).toEqual([
        ['scan_2024.pdf', 'scan_2024.pdf'],
        ['Dégât des eaux', 'Dégât des eaux'],
        ['draft', 'The new name of “draft” would be empty'],
      ]),
    );
    expect(apply).toBeDisabled();

    await user.click(within(dialog).getByRole('combobox', { name: 'Rename by' }));
    await user.click(screen.getByRole('option', { name: 'Changing the separator' }));
    await waitFor(() => expect(previewRows()[0]).toEqual(['scan_2024.pdf', 'scan 2024.pdf']));

    await user.click(within(dialog).getByRole('combobox', { name: 'Rename by' }));
    await user.click(screen.getByRole('option', { name: 'Name and index' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'claim');
    await waitFor(() =>
      expect(previewRows()).toEqual([
        ['scan_2024.pdf', 'claim-1.pdf'],
        ['Dégât des eaux', 'claim-2'],
        ['draft', 'claim-3'],
      ]),
    );
    await waitFor(() => expect(apply).toBeEnabled());
    await user.click(apply);
    await waitFor(() => expect(onRenamed).toHaveBeenCalled());
    expect(posted).toEqual([
      {
        ids: messages.map((m) => m.id),
        action: { type: 'renameFiles', rule: { mode: 'nameAndIndex', name: 'claim', startIndex: 1 } },
      },
    ]);
    expect(await screen.findByText('3 messages renamed')).toBeInTheDocument();
  });
});
