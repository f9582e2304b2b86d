import type { UserEvent } from '@testing-library/user-event';

// CodeMirror's content is not an input: user-event's clear() does not empty it, and a click in
// jsdom (which lays nothing out) leaves the cursor where it was. Its own keys do both.

/** Types at the end of a code editor's text (CodeField), as a user who clicked after it. */
export const typeCode = async (user: UserEvent, editor: HTMLElement, text: string) => {
  await user.click(editor);
  await user.keyboard('{Control>}{End}{/Control}');
  await user.keyboard(text);
};

/** Empties a code editor (CodeField): select all, delete. */
export const clearCode = async (user: UserEvent, editor: HTMLElement) => {
  await user.click(editor);
  await user.keyboard('{Control>}a{/Control}{Backspace}');
};
