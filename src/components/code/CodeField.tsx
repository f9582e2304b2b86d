import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { lazy, Suspense, useId } from 'react';
import { useTranslate } from 'react-admin';
import type { CodeLanguage } from './codeLanguage';

/** What the editor itself takes (CodeEditor, loaded on demand). */
export interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  language: CodeLanguage;
  /** The server's messages about this code: those naming a line ("Line 3: …") are drawn there. */
  problems?: readonly string[];
  readOnly?: boolean;
  /** One line of code (a regular expression): no line numbers, no line breaks. */
  singleLine?: boolean;
  /** The longest text accepted (the schema's maxLength): longer edits are refused. */
  maxLength?: number;
  /** The height the editor takes while empty, in lines. */
  minLines?: number;
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
}

export interface CodeFieldProps extends Omit<CodeEditorProps, 'labelId' | 'describedBy' | 'invalid'> {
  label: string;
  required?: boolean;
  /** Shown under the field, as an error when `error` is set (the problems' messages by default). */
  helperText?: string;
  error?: boolean;
  /** Ids of help or error text rendered elsewhere (rjsf's field template) that describe the code. */
  describedBy?: string;
  id?: string;
}

// CodeMirror and its languages (about 150 KB gzip) load with the first page that edits code, never
// with the sign-in page (tests/e2e/bundle-size.spec.ts).
const CodeEditor = lazy(() => import('./CodeEditor'));

/**
 * A labelled code field: Twig templates, regular expressions and JSON edited with highlighting,
 * line numbers and the server's errors at their line (docs/decisions/console-code-editors.md
 * editors"). Looks like the console's outlined text fields, in light and dark mode.
 *
 * @example
 * <CodeField label="Template (Twig)" language="twig" value={body} onChange={setBody}
 *   problems={["Line 2: The 'if' tag is never closed (endif)"]} />
 */
export const CodeField = ({
  label,
  required,
  helperText,
  error,
  describedBy,
  id,
  ...editor
}: CodeFieldProps) => {
  const translate = useTranslate();
  const generated = useId();
  const base = id ?? generated;
  const labelId = `${base}-label`;
  const helperId = `${base}-helper`;
  const problems = editor.problems ?? [];
  const invalid = error ?? problems.length > 0;
  const helper = helperText ?? (problems.length ? problems.join(' ') : undefined);
  const described = [helper ? helperId : undefined, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <FormControl fullWidth required={required} error={invalid} disabled={editor.readOnly}>
      <FormLabel id={labelId} sx={{ mb: 0.5, fontSize: '0.875rem' }}>
        {label}
      </FormLabel>
      <Box
        sx={(theme) => ({
          border: 1,
          borderColor: invalid ? 'error.main' : 'divider',
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: editor.readOnly ? 'action.hover' : 'background.paper',
          '&:focus-within': {
            borderColor: invalid ? 'error.main' : 'primary.main',
            boxShadow: `0 0 0 1px ${invalid ? theme.palette.error.main : theme.palette.primary.main}`,
          },
        })}
      >
        <Suspense
          fallback={
            <Box
              role="status"
              sx={{ p: 1, minHeight: editor.singleLine ? '1.5em' : `${(editor.minLines ?? 6) * 1.4}em` }}
              color="text.secondary"
            >
              {translate('app.code.loading')}
            </Box>
          }
        >
          <CodeEditor {...editor} labelId={labelId} describedBy={described} invalid={invalid} />
        </Suspense>
      </Box>
      {helper ? <FormHelperText id={helperId}>{helper}</FormHelperText> : null}
    </FormControl>
  );
};
