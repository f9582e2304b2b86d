import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeRest } from '../../../test/fakeRest';
import { renderResourceView } from '../../../test/renderResourceView';
import { resetBrowserState } from '../../../test/renderConsole';
import { getResource } from '../../registry';

const projects = getResource('projects');
const demo = {
  id: 'p1',
  organisationId: 'o1',
  name: 'Demo project',
  type: 'nlu',
  notes: '',
  createdAt: '2026-03-02T10:00:00.000Z',
};

/** The project's edit form at /here, with its name changed. */
const changedForm = async (onCancel?: () => void) => {
  const user = userEvent.setup();
  const rest = fakeRest('projects', [demo]);
  const view = renderResourceView(
    <projects.edit resource={projects} scope={{ organisationId: 'o1' }} id="p1" onCancel={onCancel} />,
    { routes: rest.routes },
  );
  const name = await screen.findByRole('textbox', { name: /Name/ });
  await user.type(name, ' renamed');
  return { ...view, user, rest, name };
};

const leaveTo = async (router: ReturnType<typeof renderResourceView>['router'], path: string) => {
  await act(async () => {
    void router.navigate(path);
  });
  return screen.findByRole('dialog', { name: 'Unsaved changes' });
};

const puts = (rest: ReturnType<typeof fakeRest>) =>
  rest.requests.filter((request) => request.method === 'PUT');

beforeEach(resetBrowserState);

describe('unsaved-changes warning (spec §4)', () => {
  it('stays on the form with the changes kept', async () => {
    const { router, user, name } = await changedForm();
    const dialog = await leaveTo(router, '/elsewhere');
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/here');
    expect(name).toHaveValue('Demo project renamed');
  });

  it('leaves without saving', async () => {
    const { router, user, rest } = await changedForm();
    const dialog = await leaveTo(router, '/elsewhere');
    await user.click(within(dialog).getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
    expect(puts(rest)).toEqual([]);
  });

  it('saves, then leaves for where the user was going', async () => {
    const { router, user, rest } = await changedForm();
    const dialog = await leaveTo(router, '/elsewhere');
    await user.click(within(dialog).getByRole('button', { name: 'Save and leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
    expect(puts(rest).map((request) => request.body)).toEqual([
      { name: 'Demo project renamed', type: 'nlu', notes: '' },
    ]);
  });

  it('stays when "save and leave" finds the form invalid, showing why', async () => {
    const { router, user, rest, name } = await changedForm();
    await user.type(name, 'x'.repeat(40));
    const dialog = await leaveTo(router, '/elsewhere');
    await user.click(within(dialog).getByRole('button', { name: 'Save and leave' }));
    expect(await screen.findByText('New project name cannot exceed 50 characters')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/here');
    expect(puts(rest)).toEqual([]);
  });

  it('asks before the cancel button drops the changes, and not when there are none', async () => {
    const onCancel = vi.fn();
    const { user, name } = await changedForm(onCancel);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    // The dialog fades out; until it is gone the page behind it is hidden from assistive technology.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onCancel).not.toHaveBeenCalled();
    await user.clear(name);
    await user.type(name, 'Demo project');
    // Back to what was saved: the form is clean again (the tab may close without a prompt).
    await waitFor(() => {
      const unload = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(unload);
      expect(unload.defaultPrevented).toBe(false);
    });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('lets an untouched form go, and asks the browser to confirm closing the tab only while changed', async () => {
    const user = userEvent.setup();
    const { router } = renderResourceView(
      <projects.edit resource={projects} scope={{ organisationId: 'o1' }} id="p1" />,
      {
        routes: fakeRest('projects', [demo]).routes,
      },
    );
    const name = await screen.findByRole('textbox', { name: /Name/ });
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.type(name, '!');
    expect(unload()).toBe(true);
    await user.type(name, '{Backspace}');
    await act(async () => {
      void router.navigate('/elsewhere');
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
