import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { lazy, Suspense } from 'react';
import { useTranslate } from 'react-admin';
import type { ToastText } from './toast';
import { resolvePlainToastText } from './toastText';

const ToastHtml = lazy(() => import('./ToastHtml'));

export interface ToastTextViewProps {
  text: ToastText;
  /** Only when true is the text inserted as (sanitised) HTML; React escapes it otherwise. */
  html?: boolean;
  component?: 'span' | 'div';
  sx?: SxProps<Theme>;
}

/**
 * One line of a toast (summary or detail), shared by the toast and the error dialog so that both
 * resolve translations and sanitise HTML the same way.
 */
export const ToastTextView = ({ text, html = false, component = 'span', sx }: ToastTextViewProps) => {
  const translate = useTranslate();
  if (html) {
    return (
      <Suspense fallback={null}>
        <ToastHtml text={text} component={component} sx={sx} />
      </Suspense>
    );
  }
  return (
    <Box component={component} sx={sx}>
      {resolvePlainToastText(text, translate)}
    </Box>
  );
};
