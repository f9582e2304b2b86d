import { describe, expect, it } from 'vitest';
import './zodConfig';
import { config, z } from 'zod';

describe("zod's configuration in the console", () => {
  it('is jitless, so that no parser probes or uses `new Function` under the page policy', () => {
    expect(config().jitless).toBe(true);
    // Parsing still works, interpreted.
    expect(z.object({ a: z.string() }).safeParse({ a: 'x' }).success).toBe(true);
    expect(z.object({ a: z.string() }).safeParse({ a: 1 }).success).toBe(false);
  });
});
