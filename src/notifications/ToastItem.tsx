import type { KeyboardEvent, SyntheticEvent } from 'react';
import Alert from '@mui/material/Alert';
import type { AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { SvgIconComponent } from '@mui/icons-material';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import { useTranslate } from 'react-admin';
import type { ToastSeverity } from './toast';
import type { Toast } from './toastStore';
import { ToastTextView } from './ToastTextView';
import { notificationKeys } from './i18n';

/** Spec §9. */
export const toastWidth = '25rem';

/** Spec §4: each severity has its own icon, so the severity does not rest on colour alone. */
const severityIcons = {
  info: InfoOutlined,
  warn: WarningAmberOutlined,
  error: ErrorOutline,
  success: CheckCircleOutline,
} as const satisfies Record<ToastSeverity, SvgIconComponent>;

const alertColours = {
  info: 'info',
  warn: 'warning',
  error: 'error',
  success: 'success',
} as const satisfies Record<ToastSeverity, AlertColor>;

/** A long error (a stack, a server body) is cut in the toast; the dialog shows all of it. */
const clampedDetail = {
  overflowWrap: 'anywhere',
  display: '-webkit-box',
  WebkitLineClamp: 4,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
} as const;

export interface ToastItemProps {
  toast: Toast;
  onClose: (id: string) => void;
  /** Only error toasts are clickable: they open the error dialog. */
  onOpenDetail: (toast: Toast) => void;
}

export const ToastItem = ({ toast, onClose, onOpenDetail }: ToastItemProps) => {
  const translate = useTranslate();
  const Icon = severityIcons[toast.severity];
  const clickable = toast.severity === 'error';

  const close = (event: SyntheticEvent) => {
    // The close button sits inside the clickable error toast: closing must not open the dialog too.
    event.stopPropagation();
    onClose(toast.id);
  };
  const openOnKey = (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpenDetail(toast);
    }
  };

  return (
    <Alert
      data-testid={`toast-${toast.severity}`}
      severity={alertColours[toast.severity]}
      variant="standard"
      elevation={6}
      icon={
        <Icon
          data-testid={`toast-icon-${toast.severity}`}
          titleAccess={translate(notificationKeys.severity[toast.severity])}
        />
      }
      onClose={close}
      closeText={translate(notificationKeys.close)}
      {...(clickable && {
        onClick: () => onOpenDetail(toast),
        onKeyDown: openOnKey,
        tabIndex: 0,
        'aria-haspopup': 'dialog' as const,
        title: translate(notificationKeys.openDetail),
      })}
      sx={{ width: toastWidth, maxWidth: 'calc(100vw - 2rem)', cursor: clickable ? 'pointer' : 'default' }}
    >
      <AlertTitle sx={{ fontWeight: 'bold', mb: toast.detail === undefined ? 0 : 0.5 }}>
        <ToastTextView text={toast.summary} html={toast.html} />
      </AlertTitle>
      {toast.detail !== undefined && (
        <ToastTextView
          text={toast.detail}
          html={toast.html}
          component="div"
          sx={clickable ? clampedDetail : { overflowWrap: 'anywhere' }}
        />
      )}
    </Alert>
  );
};
