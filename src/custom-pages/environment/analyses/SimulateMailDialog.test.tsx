import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FakeRoute } from '../../../test/fakeApi';
import { json } from '../../../test/fakeApi';
import { fakeRest } from '../../../test/fakeRest';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { API, ENV_PATH, environmentRoutes, makeAnalysis } from './testing';

const setup = async (answer: FakeRoute = json(makeAnalysis({ id: 'a9', status: 'waiting' }), 201)) => {
  const user = userEvent.setup({ applyAccept: false });
  const view = renderConsole(`${ENV_PATH}/analyses`, {
    ...environmentRoutes('qualifier'),
    ...fakeRest('environments/e1/analyses', []).routes,
    [`POST ${API}/analyses`]: answer,
  });
  await user.click(await screen.findByRole('button', { name: 'Simulate a mail' }, { timeout: 8000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Simulate a mail' });
  const sent = () => view.api.sent.filter((request) => request.method === 'POST');
  const fill = async (label: string, value: string) => {
    const input = within(dialog).getByRole('textbox', { name: label });
    await user.clear(input);
    await user.type(input, value);
  };
  return { user, dialog, sent, fill };
};

const pdf = (name: string, bytes = 1024) => {
  const file = new File(['%PDF-1.4'], name, { type: 'application/pdf' });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
};

beforeEach(resetBrowserState);

describe('simulate a mail (spec §2, §5)', () => {
  it('wants an at sign in every address before sending anything', async () => {
    const { user, dialog, sent, fill } = await setup();
    await fill('From', 'bob.acme.test');
    await fill('To', 'claims@acme.test, accounts');
    await user.click(within(dialog).getByRole('button', { name: 'Analyse the mail' }));
    expect(await within(dialog).findAllByText('Every address must include an @')).toHaveLength(2);
    expect(sent()).toHaveLength(0);
  });

  it('takes addresses with a display name, as a mail client writes them', async () => {
    const { user, dialog, sent, fill } = await setup();
    await fill('From', 'Jean Dupont <jean.dupont@example.fr>');
    await fill('To', '"Sinistres, Acme" <claims@acme.test>, accounts@acme.test');
    await user.click(within(dialog).getByRole('button', { name: 'Analyse the mail' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const form = sent()[0].body as FormData;
    expect(form.get('from')).toBe('Jean Dupont <jean.dupont@example.fr>');
    expect(form.get('to')).toBe('"Sinistres, Acme" <claims@acme.test>, accounts@acme.test');
  });

  it('refuses a display name without its address in brackets', async () => {
    const { user, dialog, sent, fill } = await setup();
    await fill('From', 'Jean Dupont <jean.dupont>');
    await fill('To', 'claims@acme.test,');
    await user.click(within(dialog).getByRole('button', { name: 'Analyse the mail' }));
    expect(await within(dialog).findAllByText('Every address must include an @')).toHaveLength(2);
    expect(sent()).toHaveLength(0);
  });

  it('refuses attachments with other extensions, over 20 files or over 25 MB together', async () => {
    const { user, dialog, sent, fill } = await setup();
    await fill('From', 'bob@acme.test');
    await fill('To', 'claims@acme.test');
    const input = within(dialog).getByLabelText('Add attachments');
    await user.upload(input, [
      pdf('a.pdf', 15 * 1_048_576),
      pdf('b.pdf', 15 * 1_048_576),
      new File(['x'], 'run.sh'),
    ]);
    expect(await within(dialog).findByText(/run\.sh: extension not allowed\./)).toBeInTheDocument();
    expect(within(dialog).getByText(/over 25 MB together: remove some/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('img', { name: 'Remove run.sh' }));
    await user.click(within(dialog).getByRole('img', { name: 'Remove b.pdf' }));
    await user.upload(
      input,
      Array.from({ length: 20 }, (_unused, i) => pdf(`page-${i}.pdf`)),
    );
    expect(await within(dialog).findByText('Too many files (at most 20).')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Analyse the mail' }));
    expect(sent()).toHaveLength(0);
  });

  it('sends the addresses, subject, body and each attachment in the repeated `attachments` field', async () => {
    const { user, dialog, sent, fill } = await setup();
    await fill('From', 'bob@acme.test');
    await fill('To', 'claims@acme.test, accounts@acme.test');
    await fill('Subject', 'Claim 42');
    await fill('Body', 'My car was damaged.');
    await user.upload(within(dialog).getByLabelText('Add attachments'), [
      pdf('report.pdf'),
      pdf('photo.pdf'),
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Analyse the mail' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const form = sent()[0].body as FormData;
    expect(form.get('type')).toBe('mail');
    expect(form.get('from')).toBe('bob@acme.test');
    expect(form.get('to')).toBe('claims@acme.test, accounts@acme.test');
    expect(form.get('subject')).toBe('Claim 42');
    expect(form.get('body')).toBe('My car was damaged.');
    expect(form.getAll('attachments').map((file) => (file as File).name)).toEqual([
      'report.pdf',
      'photo.pdf',
    ]);
  });

  it('puts the server’s refusals on their fields', async () => {
    const refusal = json(
      {
        code: 'VALIDATION_FAILED',
        message: 'The request is invalid',
        details: [
          { path: 'to', message: 'to must be an email address (with an @)', keyword: 'email' },
          { path: 'attachments.0', message: 'report.pdf: not accepted', keyword: 'extension' },
        ],
      },
      400,
    );
    const { user, dialog, fill } = await setup(refusal);
    await fill('From', 'bob@acme.test');
    await fill('To', 'claims@acme');
    await user.upload(within(dialog).getByLabelText('Add attachments'), [pdf('report.pdf')]);
    await user.click(within(dialog).getByRole('button', { name: 'Analyse the mail' }));
    expect(await within(dialog).findByText('Every address must include an @')).toBeInTheDocument();
    expect(within(dialog).getByText('report.pdf: extension not allowed.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Simulate a mail' })).toBeInTheDocument();
  });
});
