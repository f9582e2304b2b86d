import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '../../../test/fakeApi';
import { fakeRest } from '../../../test/fakeRest';
import { renderConsole, resetBrowserState } from '../../../test/renderConsole';
import { API, ENV_PATH, environmentRoutes } from '../analyses/testing';

beforeEach(resetBrowserState);

const main = {
  id: 's1',
  environmentId: 'e1',
  name: 'main',
  aiVersion: 'v5',
  contexts: [],
  state: 'stopped',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

describe("a server's token in the configuration", () => {
  it('is made and shown once, then replaced and revoked after a confirmation', async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    let made = 0;
    renderConsole(`${ENV_PATH}/configuration?section=servers`, {
      ...environmentRoutes('configurator'),
      ...fakeRest('environments/e1/servers', [main]).routes,
      [`GET ${API}/servers/s1/token`]: json({ token: null }),
      [`POST ${API}/servers/s1/token`]: () => {
        made += 1;
        calls.push('POST');
        return json(
          { secret: `nlus_secret-${made}`, prefix: `nlus_secret`, createdAt: '2026-12-01T10:00:00.000Z' },
          201,
        );
      },
      [`DELETE ${API}/servers/s1/token`]: () => {
        calls.push('DELETE');
        return json({ token: null });
      },
    });
    await user.click(await screen.findByText('main', {}, { timeout: 20_000 }));
    const panel = await screen.findByRole('region', { name: 'Token' }, { timeout: 8000 });
    expect(within(panel).getByText('This server has no token.')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Make a token' }));
    expect(await within(panel).findByDisplayValue('nlus_secret-1')).toBeInTheDocument();
    expect(within(panel).getByText('Copy this token now: it will not be shown again.')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Replace the token' }));
    const confirm = await screen.findByRole('dialog', { name: 'Replace the token?' });
    await user.click(within(confirm).getByRole('button', { name: 'Replace the token' }));
    expect(await within(panel).findByDisplayValue('nlus_secret-2')).toBeInTheDocument();

    // The confirmation closed: the form is reachable again.
    await user.click(await within(panel).findByRole('button', { name: 'Revoke the token' }));
    const revoke = await screen.findByRole('dialog', { name: 'Revoke the token?' });
    await user.click(within(revoke).getByRole('button', { name: 'Revoke the token' }));
    expect(await within(panel).findByText('This server has no token.')).toBeInTheDocument();
    expect(within(panel).queryByDisplayValue(/nlus_/)).toBeNull();
    expect(calls).toEqual(['POST', 'POST', 'DELETE']);
  });
});
