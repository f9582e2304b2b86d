import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import { resolveToastText } from './sanitize';
import type { ToastText } from './toast';

/** An HTML toast line, sanitised by DOMPurify (this module and DOMPurify load on first use). */
const ToastHtml = ({
  text,
  component,
  sx,
}: {
  text: ToastText;
  component: 'span' | 'div';
  sx?: SxProps<Theme>;
}) => {
  const resolved = resolveToastText(text, useTranslate(), true);
  // Safe: `resolved` has been through DOMPurify with src forbidden (sanitize.ts).
  return <Box component={component} sx={sx} dangerouslySetInnerHTML={{ __html: resolved }} />;
};

export default ToastHtml;
