import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SentRequest } from '../../../api/testing';
import { json } from '../../../test/fakeApi';
import { fakeRest } from '../../../test/fakeRest';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { API, ENV_PATH, environmentRoutes, makeAnalysis } from './testing';

const created = makeAnalysis({ id: 'a9', name: 'invoice.pdf', status: 'waiting', inputType: 'file' });

const setup = async () => {
  const user = userEvent.setup({ applyAccept: false });
  const rest = fakeRest('environments/e1/analyses', []);
  const view = renderConsole(`${ENV_PATH}/analyses`, {
    ...environmentRoutes('qualifier'),
    ...rest.routes,
    [`POST ${API}/analyses`]: () => {
      rest.records.push(created);
      return json(created, 201);
    },
  });
  await user.click(await screen.findByRole('button', { name: 'New analysis' }, { timeout: 8000 }));
  const dialog = await screen.findByRole('dialog', { name: 'New analysis' });
  const creations = () => view.api.sent.filter((sent) => sent.method === 'POST');
  return { user, dialog, creations };
};

const formOf = (sent: SentRequest): FormData => {
  if (!(sent.body instanceof FormData)) throw new Error('expected a multipart form');
  return sent.body;
};

/** A file that says it is `megabytes` large without taking the memory. */
const sized = (name: string, megabytes: number) => {
  const file = new File(['%PDF-1.4'], name, { type: 'application/pdf' });
  Object.defineProperty(file, 'size', { value: megabytes * 1_048_576 });
  return file;
};

beforeEach(resetBrowserState);

describe('new analysis dialog (spec §2, §5)', () => {
  it('refuses an extension the extractor does not read and a file over 25 MB, sending nothing', async () => {
    const { user, dialog, creations } = await setup();
    const input = within(dialog).getByLabelText('Choose a file');
    await user.upload(input, new File(['MZ'], 'setup.exe'));
    expect(await within(dialog).findByText('setup.exe: extension not allowed.')).toBeInTheDocument();
    await user.upload(input, sized('scan.pdf', 26));
    expect(await within(dialog).findByText('scan.pdf: file too large (at most 25 MB).')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Analyse' }));
    expect(creations()).toHaveLength(0);
  });

  it('sends the file, its name and the manual final status flag as a multipart form, then shows the new row', async () => {
    const { user, dialog, creations } = await setup();
    await user.upload(within(dialog).getByLabelText('Choose a file'), sized('invoice.pdf', 1));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'March invoice');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Manual final status update' }));
    await user.click(within(dialog).getByRole('button', { name: 'Analyse' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const form = formOf(creations()[0]);
    expect(form.get('type')).toBe('file');
    expect((form.get('file') as File).name).toBe('invoice.pdf');
    expect(form.get('name')).toBe('March invoice');
    expect(form.get('manualFinalStatus')).toBe('true');
    expect(form.has('text')).toBe(false);
    expect(await screen.findByRole('row', { name: /invoice\.pdf.*Waiting/ })).toBeInTheDocument();
  });

  it('sends pasted text, and asks for some when there is none', async () => {
    const { user, dialog, creations } = await setup();
    await user.click(within(dialog).getByRole('tab', { name: 'Paste text' }));
    await user.click(within(dialog).getByRole('button', { name: 'Analyse' }));
    expect(await within(dialog).findByText('Paste the text to analyse')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Text' }), 'My car was damaged yesterday.');
    await user.click(within(dialog).getByRole('button', { name: 'Analyse' }));
    await waitFor(() => expect(creations()).toHaveLength(1));
    const form = formOf(creations()[0]);
    expect(form.get('type')).toBe('text');
    expect(form.get('text')).toBe('My car was damaged yesterday.');
    expect(form.get('manualFinalStatus')).toBe('false');
    expect(form.has('file')).toBe(false);
  });

  it('sends typed metadata, and sends nothing while a key is missing, repeated or a number is not one', async () => {
    const { user, dialog, creations } = await setup();
    /** Pasted rather than typed key by key: the same change events, in far less time. */
    const fill = async (field: HTMLElement, value: string) => {
      await user.click(field);
      await user.paste(value);
    };
    await user.click(within(dialog).getByRole('tab', { name: 'Paste text' }));
    await fill(within(dialog).getByRole('textbox', { name: 'Text' }), 'Claim for policy 42');
    const metadata = within(dialog).getByRole('group', { name: 'Metadata' });
    const add = within(metadata).getByRole('button', { name: 'Add metadata' });
    await user.click(add);
    await user.click(add);
    await user.click(add);
    await fill(within(metadata).getByRole('textbox', { name: 'Key 1' }), 'crm');
    await fill(within(metadata).getByRole('textbox', { name: 'Value 1' }), 'Salesforce');
    await user.click(within(metadata).getByRole('combobox', { name: 'Type 2' }));
    await user.click(await screen.findByRole('option', { name: 'Number' }));
    await fill(within(metadata).getByRole('textbox', { name: 'Key 2' }), 'crm');
    await fill(within(metadata).getByRole('textbox', { name: 'Value 2' }), '12,5');
    await fill(within(metadata).getByRole('textbox', { name: 'Value 3' }), 'orphan');
    await user.click(within(dialog).getByRole('button', { name: 'Analyse' }));
    expect(within(metadata).getByText('This key is already used')).toBeInTheDocument();
    expect(within(metadata).getByText('Enter a number (decimal point: 12.5)')).toBeInTheDocument();
    expect(within(metadata).getByText('Give this value a key')).toBeInTheDocument();
    expect(creations()).toHaveLength(0);

    const key2 = within(metadata).getByRole('textbox', { name: 'Key 2' });
    await user.clear(key2);
    await fill(key2, 'amount');
    const value2 = within(metadata).getByRole('textbox', { name: 'Value 2' });
    await user.clear(value2);
    await fill(value2, '12.5');
    await user.click(within(metadata).getByRole('button', { name: 'Remove metadata 3' }));
    await user.click(add);
    await user.click(within(metadata).getByRole('combobox', { name: 'Type 3' }));
    await user.click(await screen.findByRole('option', { name: 'Yes or no' }));
    await fill(within(metadata).getByRole('textbox', { name: 'Key 3' }), 'vip');
    await user.click(within(dialog).getByRole('button', { name: 'Analyse' }));
    await waitFor(() => expect(creations()).toHaveLength(1));
    expect(JSON.parse(formOf(creations()[0]).get('metadata') as string)).toEqual({
      crm: 'Salesforce',
      amount: 12.5,
      vip: true,
    });
  });

  it('sends no metadata when none is entered', async () => {
    const { user, dialog, creations } = await setup();
    await user.click(within(dialog).getByRole('tab', { name: 'Paste text' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Text' }), 'Hello');
    await user.click(
      within(within(dialog).getByRole('group', { name: 'Metadata' })).getByRole('button', {
        name: 'Add metadata',
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Analyse' }));
    await waitFor(() => expect(creations()).toHaveLength(1));
    expect(formOf(creations()[0]).has('metadata')).toBe(false);
  });
});
