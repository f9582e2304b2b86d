import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_EXTRACTOR_SETTINGS } from '../../../../schemas/extractor-settings';
import type { FakeRoute } from '../../../test/fakeApi';
import { json } from '../../../test/fakeApi';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { API, ENV_PATH, environmentRoutes, mailExtraction } from '../analyses/testing';

const answer = {
  extraction: mailExtraction(),
  warnings: ['1 inline image skipped (too small)'],
  durationMs: 840,
};

const open = (routes: Record<string, FakeRoute> = {}, enabled = true) =>
  renderConsole(`${ENV_PATH}/extractor/test`, {
    ...environmentRoutes(),
    [`GET ${API}/extractor-settings`]: json({ ...DEFAULT_EXTRACTOR_SETTINGS, enabled }),
    [`POST ${API}/extractor-test`]: json(answer),
    ...routes,
  });

const readFile = async () => {
  const user = userEvent.setup();
  const view = open();
  const input = await screen.findByLabelText('Choose a file', {}, { timeout: 8000 });
  await user.upload(input, new File(['From: bob@acme.test'], 'claim.eml', { type: 'message/rfc822' }));
  await screen.findByText('Read as a mail in 840 ms.');
  return { user, view };
};

beforeEach(resetBrowserState);
afterEach(() => vi.restoreAllMocks());

describe('extractor test page (spec §2, §8)', () => {
  it('sends to the dashboard, saying why, when the extractor is not enabled (spec pipeline §8)', async () => {
    const { router } = open({}, false);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${ENV_PATH}/dashboard`), {
      timeout: 8000,
    });
    expect(
      await screen.findByText('The extractor is not enabled in this environment: enable it to test it.'),
    ).toBeInTheDocument();
  });

  it('reads one file and shows the message, the attachments, the warnings and the time taken', async () => {
    const { user, view } = await readFile();
    const sent = view.api.sent.find((request) => request.method === 'POST');
    expect(((sent?.body as FormData).get('file') as File).name).toBe('claim.eml');
    expect(screen.getByText('1 inline image skipped (too small)')).toBeInTheDocument();
    expect(within(screen.getByRole('tabpanel')).getByText('Bob Smith <bob@acme.test>')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Attachments (1)' }));
    expect(within(screen.getByRole('tabpanel')).getByText('Total due: 120 EUR')).toBeInTheDocument();
  });

  it('says the parsers’ warnings by code in the user’s language, the attachments’ too', async () => {
    window.localStorage.setItem('locale', 'fr');
    const user = userEvent.setup();
    const extraction = mailExtraction();
    extraction.attachments[0] = {
      ...extraction.attachments[0],
      warnings: ['Only the first 1 of 2 pages were read; 1 was left out (maximum 1)'],
      messages: {
        warnings: [{ code: 'warnPageLimit', params: { max: 1, total: 2, smart_count: 1 } }],
        error: null,
      },
    };
    extraction.attachments.push({
      ...extraction.attachments[0],
      index: 1,
      filename: 'scan.pdf',
      pages: [],
      warnings: [],
      error: 'The PDF is protected by a password',
      messages: { warnings: [], error: { code: 'parsePdfEncrypted' } },
    });
    open({
      [`POST ${API}/extractor-test`]: json({
        extraction,
        warnings: ['2 attachments not extracted: attachment extraction is turned off', 'Old words'],
        warningMessages: [{ code: 'warnAttachmentsOff', params: { smart_count: 2 } }, null],
        durationMs: 840,
      }),
    });
    const input = await screen.findByLabelText('Choisir un fichier', {}, { timeout: 8000 });
    await user.upload(input, new File(['From: bob@acme.test'], 'claim.eml', { type: 'message/rfc822' }));
    expect(
      await screen.findByText(
        '2 pièces jointes non extraites : l’extraction des pièces jointes est désactivée',
      ),
    ).toBeInTheDocument();
    // A warning without a code (a result stored before codes existed) keeps its English words.
    expect(screen.getByText('Old words')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Pièces jointes/ }));
    const panel = screen.getByRole('tabpanel');
    expect(
      within(panel).getByText(
        'Seules les 1 premières pages sur 2 ont été lues ; 1 a été laissée de côté (maximum 1)',
      ),
    ).toBeInTheDocument();
    expect(within(panel).getByText('Le PDF est protégé par un mot de passe')).toBeInTheDocument();
    expect(within(panel).queryByText(/were read|password/)).toBeNull();
  });

  it('copies the extraction as JSON, and says so when the clipboard refuses', async () => {
    const { user } = await readFile();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy the JSON' }));
    expect(JSON.parse(writeText.mock.calls[0][0])).toEqual(answer);
    expect(await screen.findByText('JSON copied to the clipboard')).toBeInTheDocument();
    writeText.mockRejectedValueOnce(new DOMException('Denied', 'NotAllowedError'));
    await user.click(screen.getByRole('button', { name: 'Copy the JSON' }));
    expect(await screen.findByText('The copy failed')).toBeInTheDocument();
  });

  it('shows the parser’s message when the file cannot be read', async () => {
    const user = userEvent.setup();
    open({
      [`POST ${API}/extractor-test`]: json(
        { code: 'EXTRACTION_FAILED', message: 'The PDF is encrypted' },
        422,
      ),
    });
    const input = await screen.findByLabelText('Choose a file', {}, { timeout: 8000 });
    await user.upload(input, new File(['%PDF'], 'locked.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('The file could not be read: The PDF is encrypted')).toBeInTheDocument();
  });

  it('says a parser’s reason by code in French, a library’s words only as a technical detail', async () => {
    window.localStorage.setItem('locale', 'fr');
    const user = userEvent.setup();
    open({
      [`POST ${API}/extractor-test`]: json(
        {
          code: 'EXTRACTION_FAILED',
          message: 'The PDF is damaged or truncated (Invalid PDF structure.)',
          params: {
            reason: 'The PDF is damaged or truncated (Invalid PDF structure.)',
            trace: { code: 'parsePdfDamagedDetail', params: { detail: 'Invalid PDF structure.' } },
          },
        },
        422,
      ),
    });
    const input = await screen.findByLabelText('Choisir un fichier', {}, { timeout: 8000 });
    await user.upload(input, new File(['%PDF'], 'cut.pdf', { type: 'application/pdf' }));
    expect(
      await screen.findByText(
        'Le fichier n’a pas pu être lu : Le PDF est endommagé ou tronqué (détail technique : Invalid PDF structure.)',
      ),
    ).toBeInTheDocument();
  });
});
