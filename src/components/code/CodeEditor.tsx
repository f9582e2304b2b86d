import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorState, type Extension, type Text } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { useTheme, type Theme } from '@mui/material/styles';
import CodeMirror, { type ReactCodeMirrorRef } from '@uiw/react-codemirror';
import { useEffect, useMemo, useRef } from 'react';
import type { CodeEditorProps } from './CodeField';
import { errorLine } from './codeLanguage';
import { languageExtensions } from './languages';

/** Colours that read on the MUI palette's paper in both modes (contrast ≥ 4.5:1 on it). */
const highlightStyle = (dark: boolean) =>
  HighlightStyle.define([
    { tag: [tags.keyword, tags.controlKeyword, tags.operatorKeyword], color: dark ? '#c792ea' : '#7a1fa2' },
    { tag: [tags.string, tags.special(tags.string)], color: dark ? '#c3e88d' : '#2e7d32' },
    { tag: [tags.escape, tags.regexp], color: dark ? '#f78c6c' : '#b23c00' },
    { tag: [tags.atom, tags.bool, tags.null, tags.number], color: dark ? '#82aaff' : '#1450a3' },
    { tag: [tags.operator, tags.bracket, tags.brace, tags.punctuation], color: dark ? '#89ddff' : '#00607a' },
    { tag: [tags.variableName, tags.propertyName], color: dark ? '#ffcb6b' : '#7a4f00' },
    { tag: [tags.tagName, tags.function(tags.variableName)], color: dark ? '#f07178' : '#a31515' },
    { tag: tags.comment, color: dark ? '#a0a8b0' : '#5f6b73', fontStyle: 'italic' },
    { tag: tags.invalid, color: dark ? '#ff8a80' : '#c62828' },
  ]);

/** The editor in the MUI theme's colours and font, light or dark as the console is. */
const muiTheme = (theme: Theme) =>
  EditorView.theme(
    {
      '&': { backgroundColor: 'transparent', color: theme.palette.text.primary, fontSize: '14px' },
      '&.cm-focused': { outline: 'none' },
      '.cm-content': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
      '.cm-gutters': {
        backgroundColor: theme.palette.action.hover,
        color: theme.palette.text.secondary,
        borderRight: `1px solid ${theme.palette.divider}`,
      },
      '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: theme.palette.action.hover },
      '.cm-cursor': { borderLeftColor: theme.palette.text.primary },
      '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': {
        backgroundColor: theme.palette.action.selected,
      },
      '.cm-tooltip': {
        backgroundColor: theme.palette.background.paper,
        color: theme.palette.text.primary,
        border: `1px solid ${theme.palette.divider}`,
      },
    },
    { dark: theme.palette.mode === 'dark' },
  );

/** One line: Enter and pasted line breaks are refused (a regular expression has no lines). */
const singleLine = EditorState.transactionFilter.of((tr) => (tr.newDoc.lines > 1 ? [] : tr));

/** Edits that would make the text longer than `max` are refused, as a text field's maxLength does. */
const lengthLimit = (max: number) =>
  EditorState.transactionFilter.of((tr) =>
    tr.docChanged && tr.newDoc.length > max && tr.newDoc.length > tr.startState.doc.length ? [] : tr,
  );

/** The server's messages as diagnostics: at their line, else (one-line code) on the whole text. */
const diagnosticsOf = (doc: Text, problems: readonly string[], wholeWhenNoLine: boolean): Diagnostic[] =>
  problems.flatMap((message) => {
    const line = errorLine(message);
    if (line === undefined && !wholeWhenNoLine) return [];
    const at = doc.line(Math.min(Math.max(line ?? 1, 1), doc.lines));
    const to = line === undefined ? doc.length : at.to;
    return [{ from: at.from, to, severity: 'error' as const, message, source: 'server' }];
  });

/**
 * CodeMirror 6 in the console's theme (loaded on demand: CodeField). Keyboard users keep Tab to
 * leave the field (no tab trapping); the content is labelled by the field's label and described
 * by its help and errors; the server's problems are drawn at their line, with a gutter mark.
 */
const CodeEditor = ({
  value,
  onChange,
  onBlur,
  language,
  problems = [],
  readOnly = false,
  singleLine: oneLine = false,
  minLines = 6,
  maxLength,
  labelId,
  describedBy,
  invalid,
}: CodeEditorProps) => {
  const theme = useTheme();
  const ref = useRef<ReactCodeMirrorRef>(null);
  const dark = theme.palette.mode === 'dark';
  const extensions = useMemo<Extension[]>(
    () => [
      ...languageExtensions[language](),
      syntaxHighlighting(highlightStyle(dark)),
      muiTheme(theme),
      oneLine ? singleLine : [EditorView.lineWrapping, lintGutter()],
      maxLength === undefined ? [] : lengthLimit(maxLength),
      EditorView.contentAttributes.of({
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(readOnly ? { 'aria-readonly': 'true' } : {}),
        spellcheck: 'false',
      }),
    ],
    [language, dark, theme, oneLine, maxLength, labelId, describedBy, invalid, readOnly],
  );
  const key = problems.join('\n');
  useEffect(() => {
    const view = ref.current?.view;
    if (!view) return;
    view.dispatch(setDiagnostics(view.state, diagnosticsOf(view.state.doc, problems, oneLine)));
    // `key` stands for `problems`: a new array with the same messages is the same problems.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, oneLine]);
  return (
    <CodeMirror
      ref={ref}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      extensions={extensions}
      theme="none"
      editable={!readOnly}
      readOnly={readOnly}
      indentWithTab={false}
      minHeight={oneLine ? undefined : `${minLines * 1.4 + 0.5}em`}
      onCreateEditor={(view) =>
        view.dispatch(setDiagnostics(view.state, diagnosticsOf(view.state.doc, problems, oneLine)))
      }
      basicSetup={{
        lineNumbers: !oneLine,
        foldGutter: !oneLine,
        highlightActiveLine: !oneLine && !readOnly,
        highlightActiveLineGutter: !oneLine,
        autocompletion: false,
        searchKeymap: !oneLine,
      }}
    />
  );
};

export default CodeEditor;
