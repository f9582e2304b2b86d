import { describe, expect, it } from 'vitest';
import { getResource } from './registry';
import { writtenBy } from './writtenBy';

describe('writtenBy', () => {
  const organisations = getResource('organisations');
  const readOnly = (isStaff: boolean) =>
    writtenBy(organisations, isStaff)
      .fields.filter((field) => field.readOnly)
      .map((field) => field.name);

  it("shows an organisation's contract and quota read-only to all but platform staff", () => {
    expect(readOnly(false)).toEqual(['id', 'contractStartDate', 'yearlyQuota', 'createdAt']);
    expect(readOnly(true)).toEqual(['id', 'createdAt']);
    expect(writtenBy(organisations, true)).toBe(organisations);
  });
});
