/**
 * Labels of the toasts and of the error dialog. The lead merges these objects into the console's
 * French and English messages; French is the default and fallback locale (spec platform-shell §1).
 * Severity labels are read by screen readers on the toast icon, since colour alone says nothing.
 */
export const notificationMessages = {
  fr: {
    app: {
      toast: {
        region: 'Notifications',
        info: 'Information',
        warn: 'Avertissement',
        error: 'Erreur',
        success: 'Succès',
        close: 'Fermer',
        openDetail: 'Cliquer pour afficher le détail de l’erreur',
      },
      errorDialog: {
        title: 'Erreur',
        close: 'Fermer',
      },
    },
  },
  en: {
    app: {
      toast: {
        region: 'Notifications',
        info: 'Information',
        warn: 'Warning',
        error: 'Error',
        success: 'Success',
        close: 'Close',
        openDetail: 'Click to show the error detail',
      },
      errorDialog: {
        title: 'Error',
        close: 'Close',
      },
    },
  },
} as const;

/** Keys used by the components, kept beside the messages so that the two are edited together. */
export const notificationKeys = {
  region: 'app.toast.region',
  severity: {
    info: 'app.toast.info',
    warn: 'app.toast.warn',
    error: 'app.toast.error',
    success: 'app.toast.success',
  },
  close: 'app.toast.close',
  openDetail: 'app.toast.openDetail',
  dialogTitle: 'app.errorDialog.title',
  dialogClose: 'app.errorDialog.close',
} as const;
