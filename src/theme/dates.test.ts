import { describe, expect, it } from 'vitest';
import {
  dateLocale,
  firstDayOfWeek,
  formatDateTime,
  formatShortDate,
  pickerFormats,
  shortDatePattern,
} from './dates';

// Local-time constructor: the helpers format in the user's time zone, whatever the test machine's.
const nov25 = new Date(2026, 10, 25, 9, 30);
const jan5 = new Date(2009, 0, 5);

describe('dates', () => {
  it('formats English dates as mm/dd/yy', () => {
    expect(formatShortDate(nov25, 'en')).toBe('11/25/26');
    expect(formatShortDate(jan5, 'en')).toBe('01/05/09');
  });

  it('formats French dates as dd/mm/yy', () => {
    expect(formatShortDate(nov25, 'fr')).toBe('25/11/26');
    expect(formatShortDate(jan5, 'fr')).toBe('05/01/09');
  });

  it('accepts time stamps and ISO strings, and gives an empty string for an invalid date', () => {
    expect(formatShortDate(nov25.getTime(), 'fr')).toBe('25/11/26');
    expect(formatShortDate('2026-11-25T12:00:00', 'en')).toBe('11/25/26');
    expect(formatShortDate('not a date', 'en')).toBe('');
  });

  it('starts the week on Sunday in English and Monday in French', () => {
    expect(firstDayOfWeek('en')).toBe(0);
    expect(firstDayOfWeek('fr')).toBe(1);
  });

  it('reads regional variants by language and falls back to French', () => {
    expect(dateLocale('en-GB')).toBe('en');
    expect(dateLocale('fr_CA')).toBe('fr');
    expect(dateLocale('de')).toBe('fr');
    expect(shortDatePattern('en-US')).toBe('MM/DD/YY');
    expect(shortDatePattern('de')).toBe('DD/MM/YY');
  });

  it('writes the time in the locale’s clock: 12 hours in English, 24 in French', () => {
    const evening = new Date(2026, 11, 1, 20, 3, 29, 500);
    expect(formatDateTime(evening, 'en')).toBe('12/01/26 08:03 PM');
    expect(formatDateTime(evening, 'fr')).toBe('01/12/26 20:03');
    expect(formatDateTime(new Date(2026, 11, 1, 0, 5), 'en')).toBe('12/01/26 12:05 AM');
    expect(formatDateTime(new Date(2026, 11, 1, 12, 5), 'en')).toBe('12/01/26 12:05 PM');
  });

  it('shows the seconds for logs when asked, never the milliseconds', () => {
    const evening = new Date(2026, 11, 1, 20, 3, 29, 500);
    expect(formatDateTime(evening, 'en', { seconds: true })).toBe('12/01/26 08:03:29 PM');
    expect(formatDateTime(evening, 'fr', { seconds: true })).toBe('01/12/26 20:03:29');
    expect(formatDateTime('not a date', 'fr', { seconds: true })).toBe('');
  });

  it('gives the pickers the same patterns in date-fns tokens', () => {
    expect(pickerFormats('fr')).toEqual({ date: 'dd/MM/yy', dateTime: 'dd/MM/yy HH:mm' });
    expect(pickerFormats('en-US')).toEqual({ date: 'MM/dd/yy', dateTime: 'MM/dd/yy hh:mm a' });
  });
});
