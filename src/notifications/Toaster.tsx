import Stack from '@mui/material/Stack';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { useTranslate } from 'react-admin';
import { ToastItem } from './ToastItem';
import { notificationKeys } from './i18n';
import type { Toast, ToastStore } from './toastStore';
import { toast as defaultStore } from './toastStore';

// Loaded when a toast's detail is first opened: the dialog is not in the sign-in page's first
// download (tests/e2e/bundle-size.spec.ts).
const ErrorDialog = lazy(() => import('./ErrorDialog').then((m) => ({ default: m.ErrorDialog })));

export interface ToasterProps {
  /** The console-wide store unless a test or a story brings its own. */
  store?: ToastStore;
}

/**
 * Renders the toasts of spec platform-shell §4 at the bottom right, newest at the bottom, and the
 * error dialog opened by clicking an error toast. Mount it once, inside react-admin's i18n and
 * theme contexts (RaNotificationBridge does so).
 *
 * @example
 * <Admin notification={RaNotificationBridge}>…</Admin>
 * // elsewhere, outside React:
 * toast.show({ severity: 'error', summary: { key: 'app.errors.saveFailed' }, detail: error.message });
 */
export const Toaster = ({ store = defaultStore }: ToasterProps) => {
  const translate = useTranslate();
  const toasts = useSyncExternalStore(store.subscribe, store.list, store.list);
  const [detail, setDetail] = useState<Toast | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const openDetail = (toast: Toast) => {
    setDetail(toast);
    setDialogOpen(true);
  };

  return (
    <>
      <Stack
        data-testid="toaster"
        role="region"
        aria-label={translate(notificationKeys.region)}
        spacing={1}
        sx={{
          position: 'fixed',
          right: '1rem',
          bottom: '1rem',
          alignItems: 'flex-end',
          zIndex: (theme) => theme.zIndex.snackbar,
          // The stack spans no area by itself, so it must not swallow clicks meant for the page.
          pointerEvents: 'none',
          '& > *': { pointerEvents: 'auto' },
        }}
      >
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} onClose={store.dismiss} onOpenDetail={openDetail} />
        ))}
      </Stack>
      {detail ? (
        <Suspense fallback={null}>
          <ErrorDialog open={dialogOpen} error={detail} onClose={() => setDialogOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
};
