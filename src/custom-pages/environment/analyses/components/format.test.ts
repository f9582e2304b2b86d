import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration } from './format';

describe('sizes and durations in the user’s language', () => {
  it('says sizes with the locale’s unit symbols: bytes are octets in French', () => {
    expect(formatBytes(850, 'en')).toBe('850 B');
    expect(formatBytes(1_258_291, 'en')).toBe('1.2 MB');
    expect(formatBytes(850, 'fr')).toBe('850 o');
    expect(formatBytes(1_258_291, 'fr')).toBe('1,2 Mo');
    expect(formatBytes(20 * 1024, 'fr')).toBe('20 ko');
  });

  it('says durations with the locale’s numbers', () => {
    expect(formatDuration(1500, 'fr')).toBe('1,5 s');
    expect(formatDuration(65_000, 'en')).toBe('1 min 5 s');
  });
});
