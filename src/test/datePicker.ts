import { fireEvent, screen } from '@testing-library/react';

/**
 * The date picker labelled `label` (components/pickers), once loaded: its sections' group, and the
 * hidden input beside it that holds the whole text.
 */
export const findDatePicker = async (label: string | RegExp) => {
  const group = await screen.findByRole('group', { name: label });
  const input = group.parentElement?.querySelector('input');
  if (!input) throw new Error(`no input beside the date picker "${String(label)}"`);
  return { group, input };
};

/** Enters a whole date as the user reads it (`06/15/26` in English), as a browser's autofill does. */
export const enterDate = async (label: string | RegExp, text: string) => {
  const { input } = await findDatePicker(label);
  fireEvent.change(input, { target: { value: text } });
};
