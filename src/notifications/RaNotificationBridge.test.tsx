import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { StrictMode, useEffect, useState } from 'react';
import { useAddUndoableMutation, useNotify } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RaNotificationBridge, toToastInput } from './RaNotificationBridge';
import { renderInAdmin, testToastStore } from './testUtils';

afterEach(cleanup);

/** What react-admin's edit controller does on save: queue the undoable mutation, then notify. */
const UndoableSave = ({ onMutation }: { onMutation: (p: { isUndo: boolean }) => void }) => {
  const notify = useNotify();
  const addMutation = useAddUndoableMutation();
  return (
    <button
      onClick={() => {
        addMutation(onMutation);
        notify('ra.notification.updated', { type: 'info', messageArgs: { smart_count: 1 }, undoable: true });
      }}
    >
      notify
    </button>
  );
};

describe('RaNotificationBridge', () => {
  it("turns react-admin's useNotify() into one of our toasts", async () => {
    const store = testToastStore();
    const NotifyButton = () => {
      const notify = useNotify();
      return <button onClick={() => notify('ra.notification.updated', { type: 'success' })}>notify</button>;
    };
    renderInAdmin(
      <>
        <RaNotificationBridge store={store} />
        <NotifyButton />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'notify' }));
    // No smart_count given: the bridge picks the singular form rather than showing the raw plural phrase.
    const toastEl = await screen.findByTestId('toast-success');
    expect(within(toastEl).getByText('Element updated')).toBeInTheDocument();
    expect(within(toastEl).getByTestId('toast-icon-success')).toBeInTheDocument();
    expect(store.list()).toEqual([
      expect.objectContaining({
        severity: 'success',
        summary: { key: 'ra.notification.updated', values: { smart_count: 1 } },
        life: 6_000,
      }),
    ]);
  });

  it('forwards each queued notice once when it mounts after them, even under StrictMode', async () => {
    const store = testToastStore();
    let raised = 0;
    const NotifyOnMount = () => {
      const notify = useNotify();
      useEffect(() => {
        raised += 1;
        notify('ra.notification.http_error', { type: 'error' });
      }, [notify]);
      return null;
    };
    // Like react-admin's layout, which mounts the notification component after its auth check.
    const LateBridge = () => {
      const [mounted, setMounted] = useState(false);
      return mounted ? (
        <RaNotificationBridge store={store} />
      ) : (
        <button onClick={() => setMounted(true)}>mount</button>
      );
    };
    renderInAdmin(
      <StrictMode>
        <NotifyOnMount />
        <LateBridge />
      </StrictMode>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'mount' }));
    await screen.findAllByTestId('toast-error');
    await act(async () => undefined);
    // StrictMode runs the bridge's effect twice on mount against the same queue.
    expect(raised).toBeGreaterThan(0);
    expect(store.list()).toHaveLength(raised);
  });

  it('commits an undoable mutation at once, since toasts have no Undo button', async () => {
    const store = testToastStore();
    const mutation = vi.fn();
    renderInAdmin(
      <>
        <RaNotificationBridge store={store} />
        <UndoableSave onMutation={mutation} />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'notify' }));
    await screen.findByTestId('toast-info');
    expect(mutation).toHaveBeenCalledExactlyOnceWith({ isUndo: false });
  });

  it('maps react-admin notification types onto our severities', () => {
    expect(toToastInput({ message: 'a', type: 'warning' })).toEqual({
      severity: 'warn',
      summary: { key: 'a', values: { smart_count: 1 } },
    });
    expect(
      toToastInput({ message: 'd', type: 'info', notificationOptions: { messageArgs: { smart_count: 3 } } })
        ?.summary,
    ).toEqual({
      key: 'd',
      values: { smart_count: 3 },
    });
    expect(toToastInput({ message: 'b', type: 'info' })?.severity).toBe('info');
    expect(toToastInput({ message: 'c', type: 'error' })?.severity).toBe('error');
    expect(toToastInput({ message: <span />, type: 'error' })).toBeNull();
  });
});
