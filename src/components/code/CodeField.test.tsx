import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CodeField } from './CodeField';
import { errorLine } from './codeLanguage';

const Template = ({ problems = [] as string[], readOnly = false, initial = '' }) => {
  const [value, setValue] = useState(initial);
  return (
    <>
      <CodeField
        label="Template (Twig)"
        language="twig"
        value={value}
        onChange={setValue}
        problems={problems}
        readOnly={readOnly}
      />
      <output aria-label="value">{value}</output>
    </>
  );
};

/** The editor's lines as the user sees them, in order. */
const lines = (editor: HTMLElement) => [...editor.querySelectorAll<HTMLElement>('.cm-line')];

describe('code fields (templates, regular expressions and JSON edited as code)', () => {
  it('lets a user type a template in a labelled editor with line numbers and highlighting', async () => {
    const user = userEvent.setup();
    render(<Template />);
    const editor = await screen.findByRole('textbox', { name: 'Template (Twig)' });
    await user.click(editor);
    await user.keyboard('Bonjour {{{{ from.name }}');
    await waitFor(() => expect(screen.getByLabelText('value')).toHaveTextContent('Bonjour {{ from.name }}'));
    expect(editor.closest('.cm-editor')?.querySelector('.cm-lineNumbers')).not.toBeNull();
    // The print is highlighted apart from the text around it: its variable, its field.
    const tokens = [...lines(editor)[0].querySelectorAll('span[class]')].map((s) => s.textContent);
    expect(tokens).toEqual(expect.arrayContaining(['from', 'name']));
    expect(tokens).not.toContain('Bonjour ');
  });

  it('shows the server’s error at its line, and says it under the field', async () => {
    const message = "Line 2: The 'if' tag is never closed (endif)";
    render(<Template initial={'Bonjour,\n{% if urgent %}Vite'} problems={[message]} />);
    const editor = await screen.findByRole('textbox', { name: 'Template (Twig)' });
    await waitFor(() => expect(lines(editor)[1].querySelector('.cm-lintRange-error')).not.toBeNull());
    expect(lines(editor)[0].querySelector('.cm-lintRange-error')).toBeNull();
    expect(editor).toHaveAttribute('aria-invalid', 'true');
    expect(editor).toHaveAccessibleDescription(message);
  });

  it('is read-only where the field is', async () => {
    render(<Template initial="{{ x }}" readOnly />);
    const editor = await screen.findByRole('textbox', { name: 'Template (Twig)' });
    expect(editor).toHaveAttribute('contenteditable', 'false');
    expect(editor).toHaveAttribute('aria-readonly', 'true');
  });

  it('reads the line of the server’s template errors, not of an included template’s', () => {
    expect(errorLine("Line 3: Unexpected character '§'")).toBe(3);
    expect(errorLine("The condition of the rule 'x' cannot be read: Line 1: an expression is missing")).toBe(
      1,
    );
    expect(errorLine("Template 'signature', line 4: Unknown filter 'x'")).toBeUndefined();
    expect(errorLine('Template name cannot be empty')).toBeUndefined();
  });
});
