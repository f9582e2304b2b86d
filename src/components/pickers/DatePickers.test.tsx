import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetBrowserState } from '../../test/renderConsole';
import { renderResourceView } from '../../test/renderResourceView';
import { DatePickerField, DateTimePickerField } from './DatePickers';

const Day = ({ initial }: { initial: string }) => {
  const [day, setDay] = useState(initial);
  return (
    <>
      <DatePickerField label="Day" value={day} onChange={setDay} />
      <output>{day || 'none'}</output>
    </>
  );
};

/** What the field shows: the hidden input MUI X keeps beside its sections holds the whole text. */
const shown = async (label: string) => {
  const group = await screen.findByRole('group', { name: label });
  return group.parentElement?.querySelector('input')?.value;
};

const inLocale = (locale: 'fr' | 'en') => window.localStorage.setItem('locale', locale);

beforeEach(resetBrowserState);

describe('the date picker', () => {
  it('shows dd/mm/yy in French and starts the week on Monday', async () => {
    inLocale('fr');
    const user = userEvent.setup();
    renderResourceView(<Day initial="2026-11-25" />);
    expect(await shown('Day')).toBe('25/11/26');
    await user.click(await screen.findByRole('button', { name: /choisir la date/i }));
    const calendar = await screen.findByRole('grid');
    const weekdays = within(calendar).getAllByRole('columnheader');
    expect(weekdays[0]).toHaveAccessibleName(/lundi/i);
    expect(weekdays[6]).toHaveAccessibleName(/dimanche/i);
    await user.click(within(calendar).getByRole('gridcell', { name: '3' }));
    expect(screen.getByRole('status')).toHaveTextContent('2026-11-03');
    expect(await shown('Day')).toBe('03/11/26');
  });

  it('shows mm/dd/yy in English and starts the week on Sunday', async () => {
    inLocale('en');
    const user = userEvent.setup();
    renderResourceView(<Day initial="2026-11-25" />);
    expect(await shown('Day')).toBe('11/25/26');
    await user.click(await screen.findByRole('button', { name: /choose date/i }));
    const calendar = await screen.findByRole('grid');
    const weekdays = within(calendar).getAllByRole('columnheader');
    expect(weekdays[0]).toHaveAccessibleName(/sunday/i);
    expect(weekdays[6]).toHaveAccessibleName(/saturday/i);
    await user.click(within(calendar).getByRole('gridcell', { name: '3' }));
    expect(screen.getByRole('status')).toHaveTextContent('2026-11-03');
    expect(await shown('Day')).toBe('11/03/26');
  });

  it('writes a date and a time in the locale’s clock', async () => {
    inLocale('fr');
    const { unmount } = renderResourceView(
      <DateTimePickerField label="Since" value="2026-11-25T21:05" onChange={() => undefined} />,
    );
    expect(await shown('Since')).toBe('25/11/26 21:05');
    unmount();
    inLocale('en');
    renderResourceView(
      <DateTimePickerField label="Since" value="2026-11-25T21:05" onChange={() => undefined} />,
    );
    expect(await shown('Since')).toBe('11/25/26 09:05 PM');
  });
});
