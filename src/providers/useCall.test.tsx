import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getProject } from '../../schemas/contracts/tenancy';
import { createApiClient } from '../api';
import { fakeApi, json } from '../test/fakeApi';
import { demoProject } from '../test/fixtures';
import { invalidateCallCache } from './callCache';
import { createCurrentUserStore } from './currentUser';
import { ServicesProvider } from './ServicesContext';
import { useCall } from './useCall';

const ProjectName = () => {
  const project = useCall(getProject, { params: { projectId: 'p1' } });
  return <p>{project.status === 'success' ? project.data.name : project.status}</p>;
};

describe('useCall after a change elsewhere', () => {
  it('asks again when the cache is invalidated, keeping the old answer on screen meanwhile', async () => {
    let name = 'Demo project';
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const api = fakeApi({
      'GET /v4/console/api/projects/p1': async () => {
        const answer = json({ ...demoProject, name });
        // The second answer waits until the test has looked at the screen in between.
        if (name !== 'Demo project') await held;
        return answer;
      },
    });
    const client = createApiClient({
      baseUrl: '',
      fetch: api.fetch,
      getToken: () => 't',
      getSwitchUser: () => null,
    });
    render(
      <ServicesProvider services={{ client, currentUser: createCurrentUserStore(client) }}>
        <ProjectName />
      </ServicesProvider>,
    );
    expect(await screen.findByText('Demo project')).toBeInTheDocument();
    name = 'Claims triage';
    act(() => invalidateCallCache(client));
    await waitFor(() => expect(api.sent).toHaveLength(2));
    expect(screen.getByText('Demo project')).toBeInTheDocument();
    act(() => release());
    expect(await screen.findByText('Claims triage')).toBeInTheDocument();
    expect(api.sent).toHaveLength(2);
  });
});
