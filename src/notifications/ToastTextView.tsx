import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import type { ToastText } from './toast';
import { resolveToastText } from './sanitize';

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
  const resolved = resolveToastText(text, translate, html);
  if (html) {
    // Safe: `resolved` has been through DOMPurify with src forbidden (sanitize.ts).
    return <Box component={component} sx={sx} dangerouslySetInnerHTML={{ __html: resolved }} />;
  }
  return (
    <Box component={component} sx={sx}>
      {resolved}
    </Box>
  );
};
