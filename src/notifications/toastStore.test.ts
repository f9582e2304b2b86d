import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, describeToastText, toastDurations } from './toastStore';
import { silentLogger } from './testUtils';

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-25T10:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('keeps an error toast for 10 000 ms, then dismisses it', () => {
    const store = createToastStore({ logger: silentLogger });
    const id = store.show({ severity: 'error', summary: 'Save failed' });
    expect(toastDurations.error).toBe(10_000);
    expect(store.list()).toEqual([expect.objectContaining({ id, severity: 'error', life: 10_000 })]);
    vi.advanceTimersByTime(9_999);
    expect(store.list()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.list()).toHaveLength(0);
  });

  it.each(['info', 'warn', 'success'] as const)('keeps a %s toast for 6 000 ms', (severity) => {
    const store = createToastStore({ logger: silentLogger });
    store.show({ severity, summary: 'Done' });
    vi.advanceTimersByTime(5_999);
    expect(store.list()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.list()).toHaveLength(0);
  });

  it('dismisses on demand, notifies subscribers and returns a stable snapshot between changes', () => {
    const store = createToastStore({ logger: silentLogger });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const first = store.show({ severity: 'info', summary: 'one' });
    store.show({ severity: 'info', summary: 'two' });
    expect(store.list()).toBe(store.list());
    store.dismiss(first);
    expect(store.list().map((t) => t.summary)).toEqual(['two']);
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    store.clear();
    expect(listener).toHaveBeenCalledTimes(3);
    expect(store.list()).toEqual([]);
    // A cancelled timer must not fire later on an emptied store.
    vi.advanceTimersByTime(10_000);
    expect(store.list()).toEqual([]);
  });

  it('uses injected timers when given', () => {
    const setTimer = vi.fn(() => 'handle');
    const clearTimer = vi.fn();
    const store = createToastStore({ logger: silentLogger, setTimer, clearTimer });
    const id = store.show({ severity: 'warn', summary: 'careful' });
    expect(setTimer).toHaveBeenCalledWith(expect.any(Function), 6_000);
    store.dismiss(id);
    expect(clearTimer).toHaveBeenCalledWith('handle');
  });

  it('logs every toast to the console with an ISO time stamp, by severity', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const store = createToastStore();
    store.show({ severity: 'error', summary: 'summary', detail: 'detail' });
    store.show({ severity: 'warn', summary: { key: 'app.quota.low', values: { left: 3 } } });
    store.show({ severity: 'success', summary: 'saved' });
    expect(error).toHaveBeenCalledWith('[2026-11-25T10:00:00.000Z] error: summary — detail');
    expect(warn).toHaveBeenCalledWith('[2026-11-25T10:00:00.000Z] warn: app.quota.low {"left":3}');
    expect(info).toHaveBeenCalledWith('[2026-11-25T10:00:00.000Z] success: saved');
  });

  it('describes a translation reference by its key when its values cannot be serialised', () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(describeToastText({ key: 'app.x', values: circular })).toBe('app.x');
    expect(describeToastText({ key: 'app.x' })).toBe('app.x');
  });
});
