import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../providers/session';
import { storageKeys } from '../storage';
import { recentPages, rememberPage } from './recentPages';

beforeEach(() => window.localStorage.clear());

describe('recent pages of the rapid navigation', () => {
  it('keeps the last eight pages a signed-in user visited, newest first, each once', () => {
    setToken('t');
    for (let i = 1; i <= 10; i += 1) rememberPage({ path: `/project/p${i}`, title: `P${i}` });
    rememberPage({ path: '/project/p5', title: 'P5 again' });
    expect(recentPages().map((p) => p.title)).toEqual([
      'P5 again',
      'P10',
      'P9',
      'P8',
      'P7',
      'P6',
      'P4',
      'P3',
    ]);
  });

  it('forgets nothing it should not keep: sign-in pages, visits without a session', () => {
    rememberPage({ path: '/orga/o1', title: 'Before sign-in' });
    setToken('t');
    rememberPage({ path: '/login', title: 'Sign in' });
    rememberPage({ path: '/reset-password/abc', title: 'Reset' });
    expect(recentPages()).toEqual([]);
  });

  it('reads a damaged stored value as no pages, and ignores entries that are not same-site paths', () => {
    window.localStorage.setItem(storageKeys.recentPages, '{not json');
    expect(recentPages()).toEqual([]);
    window.localStorage.setItem(
      storageKeys.recentPages,
      JSON.stringify([{ path: 'https://evil.test', title: 'x' }, { path: '/orga/o1', title: 'Acme' }, 3]),
    );
    expect(recentPages()).toEqual([{ path: '/orga/o1', title: 'Acme' }]);
  });
});
