import { describe, expect, it } from 'vitest';
import { categorisationCompatibility } from './compatibility';

const server = (name: string, aiVersion = 'v5', responseFormat: 'V4' | 'V5' = 'V5') => ({
  name,
  aiVersion,
  responseFormat,
});

describe('categorisation compatibility (spec pipeline §5)', () => {
  it('accepts exactly one server on v5 answering in V5', () => {
    expect(categorisationCompatibility([server('main')])).toEqual([]);
  });

  it('needs at least one server, and at most one', () => {
    expect(categorisationCompatibility([])).toEqual([
      'Categorization needs an NLU server: at least one server is required',
    ]);
    expect(categorisationCompatibility([server('a'), server('b')])).toEqual([
      'Categorization reads one NLU server: at most one server is allowed (a, b)',
    ]);
  });

  it('needs AI version v5 and the V5 response format', () => {
    expect(categorisationCompatibility([server('old', 'v4.12', 'V4')])).toEqual([
      "Server 'old' runs AI version v4.12: categorization needs AI version v5 minimum",
      "Server 'old' answers in response format V4: categorization needs response format V5",
    ]);
  });
});
