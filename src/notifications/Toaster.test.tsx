import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './Toaster';
import { renderInAdmin, testToastStore } from './testUtils';
import type { ToastStore } from './toastStore';

const renderToaster = (locale: 'en' | 'fr' = 'en') => {
  const store = testToastStore();
  renderInAdmin(<Toaster store={store} />, locale);
  return store;
};

const show = (store: ToastStore, ...args: Parameters<ToastStore['show']>) =>
  act(() => void store.show(...args));

describe('Toaster', () => {
  afterEach(() => {
    // vitest runs without globals here, so Testing Library's automatic clean-up is not registered.
    cleanup();
    vi.useRealTimers();
  });

  it('shows a distinct icon per severity, with the severity as its accessible name', async () => {
    const store = renderToaster();
    for (const severity of ['info', 'warn', 'error', 'success'] as const)
      show(store, { severity, summary: severity });
    expect(await screen.findByTestId('toast-icon-info')).toHaveAccessibleName('Information');
    expect(screen.getByTestId('toast-icon-warn')).toHaveAccessibleName('Warning');
    expect(screen.getByTestId('toast-icon-error')).toHaveAccessibleName('Error');
    expect(screen.getByTestId('toast-icon-success')).toHaveAccessibleName('Success');
    const paths = ['info', 'warn', 'error', 'success'].map((s) =>
      screen.getByTestId(`toast-icon-${s}`).querySelector('path')?.getAttribute('d'),
    );
    expect(new Set(paths).size).toBe(4);
  });

  it('stacks the toasts at the bottom right, each 25rem wide', async () => {
    const store = renderToaster();
    show(store, { severity: 'info', summary: 'Hello' });
    expect(await screen.findByTestId('toaster')).toHaveStyle({
      position: 'fixed',
      right: '1rem',
      bottom: '1rem',
    });
    expect(screen.getByTestId('toast-info')).toHaveStyle({ width: '25rem' });
  });

  it('shows the summary in bold with the detail below it', async () => {
    const store = renderToaster();
    show(store, { severity: 'info', summary: 'Import done', detail: '12 messages' });
    const summary = await screen.findByText('Import done');
    // MUI's sx turns 'bold' into the theme's fontWeightBold.
    expect(summary.closest('.MuiAlertTitle-root')).toHaveStyle({ fontWeight: '700' });
    const detail = screen.getByText('12 messages');
    expect(summary.compareDocumentPosition(detail) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('renders HTML only when asked, and without src or handlers', async () => {
    const store = renderToaster();
    show(store, {
      severity: 'info',
      summary: '<img src=x onerror="window.hacked=1"> <b>Rich</b>',
      html: true,
    });
    show(store, { severity: 'warn', summary: '<b>Plain</b>' });
    const rich = await screen.findByText('Rich');
    expect(rich.tagName).toBe('B');
    const img = screen.getByTestId('toast-info').querySelector('img');
    expect(img).not.toBeNull();
    expect(img?.hasAttribute('src')).toBe(false);
    expect(img?.hasAttribute('onerror')).toBe(false);
    expect(screen.getByText('<b>Plain</b>')).toBeInTheDocument();
  });

  it('shows markup in a translation value as literal text, in text and HTML toasts', async () => {
    const store = renderToaster();
    const summary = {
      key: 'ra.notification.item_doesnt_exist_with',
      values: { _: 'Missing %{name}', name: '<b>x</b>' },
    };
    show(store, { severity: 'info', summary });
    show(store, { severity: 'warn', summary, html: true });
    for (const id of ['toast-info', 'toast-warn']) {
      const toastEl = await screen.findByTestId(id);
      expect(toastEl).toHaveTextContent('Missing <b>x</b>');
      expect(toastEl.querySelector('b')).toBeNull();
    }
  });

  it('opens the error dialog, headed Error, with summary and detail when an error toast is clicked', async () => {
    const store = renderToaster();
    show(store, { severity: 'error', summary: 'Save failed', detail: 'HTTP 500: database unavailable' });
    fireEvent.click(await screen.findByText('Save failed'));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(dialog).getByText('Save failed')).toBeInTheDocument();
    expect(within(dialog).getByText('HTTP 500: database unavailable')).toBeInTheDocument();
    // theme.spacing(140) with the default 8px unit.
    expect(dialog).toHaveStyle({ maxWidth: '1120px', maxHeight: '75vh' });
  });

  it('heads the dialog in French when the console is in French', async () => {
    const store = renderToaster('fr');
    show(store, { severity: 'error', summary: 'Échec' });
    fireEvent.keyDown(await screen.findByTestId('toast-error'), { key: 'Enter' });
    expect(await screen.findByRole('dialog', { name: 'Erreur' })).toBeInTheDocument();
  });

  it('closes a toast with its button without opening the dialog, and ignores clicks on other severities', async () => {
    const store = renderToaster();
    show(store, { severity: 'error', summary: 'Boom' });
    show(store, { severity: 'info', summary: 'FYI' });
    fireEvent.click(await screen.findByText('FYI'));
    fireEvent.click(within(screen.getByTestId('toast-error')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('toast-error')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('removes toasts by themselves after their duration', () => {
    vi.useFakeTimers();
    const store = renderToaster();
    show(store, { severity: 'error', summary: 'Boom' });
    show(store, { severity: 'success', summary: 'Saved' });
    act(() => vi.advanceTimersByTime(6_000));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    expect(screen.getByText('Boom')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4_000));
    expect(screen.queryByText('Boom')).not.toBeInTheDocument();
  });
});
