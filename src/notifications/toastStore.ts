import type { ToastInput, ToastSeverity, ToastText } from './toast';

/**
 * The toast queue of spec platform-shell §4, kept outside React so that any code (API client,
 * auth provider, react-admin bridge) can raise a toast without a hook. The Toaster subscribes to it.
 */

/** Spec §9: errors stay longer because the user may want to open their detail. */
export const toastDurations = { error: 10_000, default: 6_000 } as const;

export const toastDuration = (severity: ToastSeverity): number =>
  severity === 'error' ? toastDurations.error : toastDurations.default;

export interface Toast extends ToastInput {
  id: string;
  /** Milliseconds before the toast dismisses itself. */
  life: number;
}

export interface ToastStore {
  show(input: ToastInput): string;
  dismiss(id: string): void;
  /** Listener signature fits `useSyncExternalStore`; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Same array instance until the next change, as `useSyncExternalStore` requires. */
  list(): readonly Toast[];
  clear(): void;
}

export interface ToastStoreOptions {
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  now?: () => Date;
  logger?: Pick<Console, 'info' | 'warn' | 'error'>;
}

const consoleMethod = {
  info: 'info',
  success: 'info',
  warn: 'warn',
  error: 'error',
} as const satisfies Record<ToastSeverity, 'info' | 'warn' | 'error'>;

/** Console text of a toast line; a translation reference is shown as its key and values. */
export const describeToastText = (text: ToastText): string => {
  if (typeof text === 'string') return text;
  if (!text.values || Object.keys(text.values).length === 0) return text.key;
  try {
    return `${text.key} ${JSON.stringify(text.values)}`;
  } catch {
    // Circular or BigInt values: the key alone still tells the developer which message it was.
    return text.key;
  }
};

/**
 * @example
 * const store = createToastStore({ logger: silentLogger });
 * const id = store.show({ severity: 'error', summary: 'Save failed', detail: 'HTTP 500' });
 * store.dismiss(id);
 */
export const createToastStore = (options: ToastStoreOptions = {}): ToastStore => {
  // Globals are looked up at call time so that fake timers and console spies installed after import still apply.
  const setTimer = options.setTimer ?? ((run: () => void, ms: number) => globalThis.setTimeout(run, ms));
  const clearTimer =
    options.clearTimer ??
    ((handle: unknown) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>));
  const now = options.now ?? (() => new Date());
  const logger = () => options.logger ?? globalThis.console;

  let toasts: readonly Toast[] = [];
  const timers = new Map<string, unknown>();
  const listeners = new Set<() => void>();
  let counter = 0;

  const emit = (next: readonly Toast[]) => {
    toasts = next;
    listeners.forEach((listener) => listener());
  };

  const log = (input: ToastInput) => {
    const detail = input.detail === undefined ? '' : ` — ${describeToastText(input.detail)}`;
    const line = `[${now().toISOString()}] ${input.severity}: ${describeToastText(input.summary)}${detail}`;
    logger()[consoleMethod[input.severity]](line);
  };

  const dismiss = (id: string) => {
    const timer = timers.get(id);
    if (timer !== undefined) clearTimer(timer);
    timers.delete(id);
    if (toasts.some((t) => t.id === id)) emit(toasts.filter((t) => t.id !== id));
  };

  return {
    show(input) {
      counter += 1;
      const id = `toast-${counter}`;
      const life = toastDuration(input.severity);
      log(input);
      timers.set(
        id,
        setTimer(() => dismiss(id), life),
      );
      emit([...toasts, { ...input, id, life }]);
      return id;
    },
    dismiss,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    list: () => toasts,
    clear() {
      timers.forEach((timer) => clearTimer(timer));
      timers.clear();
      emit([]);
    },
  };
};

/** The console-wide store; `toast.show(...)` is the entry point for the rest of the code. */
export const toast: ToastStore = createToastStore();
