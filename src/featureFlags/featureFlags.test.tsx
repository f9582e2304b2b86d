import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { createI18nProvider } from '../providers/i18nProvider';
import { FeatureFlagsPanel } from './FeatureFlagsPanel';
import { flagStore } from './flagStore';
import { useFeatureFlag } from './useFeatureFlag';

const TaintsStatus = () => <p>{useFeatureFlag('taintsRouting') ? 'taints on' : 'taints off'}</p>;

const stored = () =>
  JSON.parse(window.localStorage.getItem('featureFlags') ?? '{}') as Record<string, unknown>;

beforeEach(() => {
  window.localStorage.clear();
  window.localStorage.setItem('locale', 'en');
  flagStore.reload();
});

describe('feature flags', () => {
  it('are off until switched on, and stored per browser', () => {
    expect(flagStore.isEnabled('projectVersions')).toBe(false);
    flagStore.set('projectVersions', true);
    expect(flagStore.isEnabled('projectVersions')).toBe(true);
    expect(stored()).toEqual({ projectVersions: true });
  });

  it('keep a forced-on flag on whatever is asked or stored', () => {
    expect(flagStore.isEnabled('newAnalysesPage')).toBe(true);
    flagStore.set('newAnalysesPage', false);
    expect(flagStore.isEnabled('newAnalysesPage')).toBe(true);
    window.localStorage.setItem('featureFlags', JSON.stringify({ newAnalysesPage: false }));
    flagStore.reload();
    expect(flagStore.isEnabled('newAnalysesPage')).toBe(true);
  });

  it('re-render the components that read them when switched', () => {
    render(<TaintsStatus />);
    expect(screen.getByText('taints off')).toBeInTheDocument();
    act(() => flagStore.set('taintsRouting', true));
    expect(screen.getByText('taints on')).toBeInTheDocument();
  });

  it('survive a corrupted stored value', () => {
    window.localStorage.setItem('featureFlags', '{not json');
    flagStore.reload();
    expect(flagStore.isEnabled('taintsRouting')).toBe(false);
  });

  it('show in the profile panel: a normal flag switches, the forced one is on and locked', async () => {
    const user = userEvent.setup();
    render(
      <AdminContext i18nProvider={createI18nProvider()}>
        <FeatureFlagsPanel />
      </AdminContext>,
    );
    const versions = await screen.findByRole('switch', { name: 'Project versions' });
    expect(versions).not.toBeChecked();
    await user.click(versions);
    expect(versions).toBeChecked();
    expect(flagStore.isEnabled('projectVersions')).toBe(true);

    const forced = screen.getByRole('switch', { name: 'New analyses page' });
    expect(forced).toBeChecked();
    expect(forced).toBeDisabled();
    expect(screen.getByText(/Always on\./)).toBeInTheDocument();
  });
});
