import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NO_CATEGORY } from '../../schemas/analysis-result';
import {
  NO_QUALIFIED,
  scoreRun,
  type DomainCoverage,
  type ClassificationKind,
  type KindScores,
  type Label,
  type ScoredItem,
  type ClassificationReadings,
} from './scores';

const categories = (...names: string[]): Label[] =>
  names.map((classification) => ({ classification, value: null }));
const field = (classification: string, value: string): Label => ({ classification, value });
const kindOf = (kinds: KindScores[], kind: ClassificationKind) =>
  kinds.find((scores) => scores.kind === kind);

/**
 * Six messages, every count worked out by hand below: m2 expects Complaint twice (counts once), m3's
 * analysis detects amount=80 twice (counts once), m1's amount comes back as "120.0" for "120" (one FP
 * and one FN), m5 is not qualified for categories (NO_QUALIFIED), m6's analysis failed, and m6 alone
 * is qualified for rpa with nothing expected there.
 */
const HAND_BANK: ScoredItem[] = [
  {
    messageId: 'm1',
    qualified: ['categories', 'extracted_informations'],
    expected: {
      categories: categories('Claim'),
      extracted_informations: [field('amount', '120'), field('contract', 'C-1')],
    },
    detected: {
      categories: categories('Claim'),
      extracted_informations: [field('amount', '120.0'), field('contract', 'C-1')],
    },
  },
  {
    messageId: 'm2',
    qualified: ['categories'],
    expected: { categories: categories('Complaint', 'Complaint') },
    detected: { categories: categories('Claim'), extracted_informations: [field('amount', '5')] },
  },
  {
    messageId: 'm3',
    qualified: ['categories', 'extracted_informations'],
    expected: { categories: categories('NO_CATEGORY'), extracted_informations: [field('amount', '80')] },
    detected: {
      categories: categories('NO_CATEGORY'),
      extracted_informations: [field('amount', '80'), field('amount', '80')],
    },
  },
  {
    messageId: 'm4',
    qualified: ['categories'],
    expected: { categories: categories('Claim', 'Complaint') },
    detected: { categories: categories('Complaint', 'NO_CATEGORY') },
  },
  {
    messageId: 'm5',
    qualified: [],
    expected: { categories: categories('Claim') },
    detected: { categories: categories('Complaint') },
  },
  {
    messageId: 'm6',
    qualified: ['categories', 'extracted_informations', 'rpa'],
    expected: { categories: categories('Claim'), extracted_informations: [field('contract', 'C-9')] },
    detected: {},
  },
];

describe('scoreRun on a hand-computed bank', () => {
  const { kinds, outcomes } = scoreRun(HAND_BANK);

  it('scores the kinds some message is qualified for or detected, in the kinds order', () => {
    expect(kinds.map((scores) => scores.kind)).toEqual(['categories', 'extracted_informations', 'rpa']);
  });

  it('counts TP, FP and FN per category, a duplicated label once, leaving the unqualified message out as NO_QUALIFIED', () => {
    const scores = kindOf(kinds, 'categories');
    expect(scores?.classifications).toEqual([
      {
        classification: 'Claim',
        tp: 1,
        fp: 1,
        fn: 2,
        precision: 1 / 2,
        sensitivity: 1 / 3,
        expected: 3,
        detected: 2,
        falses: 3,
      },
      {
        classification: 'Complaint',
        tp: 1,
        fp: 0,
        fn: 1,
        precision: 1,
        sensitivity: 1 / 2,
        expected: 2,
        detected: 1,
        falses: 1,
      },
      {
        classification: 'NO_CATEGORY',
        tp: 1,
        fp: 1,
        fn: 0,
        precision: 1 / 2,
        sensitivity: 1,
        expected: 1,
        detected: 2,
        falses: 1,
      },
    ]);
    expect(scores?.micro).toEqual({ tp: 3, fp: 2, fn: 3, precision: 3 / 5, sensitivity: 1 / 2 });
    expect(scores?.macro.precision).toBeCloseTo(2 / 3, 15);
    expect(scores?.macro.sensitivity).toBeCloseTo(11 / 18, 15);
    expect(scores).toMatchObject({ qualifiedMessages: 5, notQualifiedMessages: 1 });
  });

  it('counts an extraction with a wrong value as one FP and one FN of its field, values compared exactly', () => {
    const scores = kindOf(kinds, 'extracted_informations');
    expect(scores?.classifications).toEqual([
      {
        classification: 'amount',
        tp: 1,
        fp: 1,
        fn: 1,
        precision: 1 / 2,
        sensitivity: 1 / 2,
        expected: 2,
        detected: 2,
        falses: 2,
      },
      {
        classification: 'contract',
        tp: 1,
        fp: 0,
        fn: 1,
        precision: 1,
        sensitivity: 1 / 2,
        expected: 2,
        detected: 1,
        falses: 1,
      },
    ]);
    expect(scores?.micro).toEqual({ tp: 2, fp: 1, fn: 2, precision: 2 / 3, sensitivity: 1 / 2 });
    expect(scores?.macro).toEqual({ precision: 3 / 4, sensitivity: 1 / 2 });
    expect(scores).toMatchObject({ qualifiedMessages: 3, notQualifiedMessages: 3 });
  });

  it('scores a kind whose only qualified message expects and detects nothing as empty', () => {
    expect(kindOf(kinds, 'rpa')).toEqual({
      kind: 'rpa',
      classifications: [],
      micro: { tp: 0, fp: 0, fn: 0, precision: null, sensitivity: null },
      macro: { precision: null, sensitivity: null },
      qualifiedMessages: 1,
      notQualifiedMessages: 5,
      noDomainRule: [],
      ignored: [],
      private: [],
    });
  });

  it("lists each qualified message's TP, FP and FN labels per kind, and only messages with some", () => {
    expect(outcomes).toEqual([
      { messageId: 'm1', kind: 'categories', tp: categories('Claim'), fp: [], fn: [] },
      { messageId: 'm2', kind: 'categories', tp: [], fp: categories('Claim'), fn: categories('Complaint') },
      { messageId: 'm3', kind: 'categories', tp: categories('NO_CATEGORY'), fp: [], fn: [] },
      {
        messageId: 'm4',
        kind: 'categories',
        tp: categories('Complaint'),
        fp: categories('NO_CATEGORY'),
        fn: categories('Claim'),
      },
      { messageId: 'm6', kind: 'categories', tp: [], fp: [], fn: categories('Claim') },
      {
        messageId: 'm1',
        kind: 'extracted_informations',
        tp: [field('contract', 'C-1')],
        fp: [field('amount', '120.0')],
        fn: [field('amount', '120')],
      },
      { messageId: 'm3', kind: 'extracted_informations', tp: [field('amount', '80')], fp: [], fn: [] },
      { messageId: 'm6', kind: 'extracted_informations', tp: [], fp: [], fn: [field('contract', 'C-9')] },
    ]);
    expect(NO_QUALIFIED).toBe('NO_QUALIFIED');
  });
});

describe('scoreRun under domain rules', () => {
  // Claim is covered for every input, Complaint for emails only, the field amount by a module
  // that gives no extractions; contract and NO_CATEGORY by no rule.
  const domain: DomainCoverage = (kind, classification, input) => {
    if (kind === 'categories' && classification === 'Claim') return { moduleType: 'categorization' };
    if (kind === 'categories' && classification === 'Complaint' && (input === 'email' || input === null))
      return { moduleType: 'categorization' };
    if (kind === 'extracted_informations' && classification === 'amount')
      return { moduleType: 'categorization' };
    return undefined;
  };
  const inputs: Record<string, ScoredItem['input']> = {
    m1: 'email',
    m2: 'document',
    m3: 'email',
    m4: 'email',
    m6: null,
  };
  const { kinds, outcomes } = scoreRun(
    HAND_BANK.map((item) => ({ ...item, input: inputs[item.messageId] })),
    domain,
  );

  it('scores only the covered classifications and lists the others as NO_DOMAIN_RULE, per qualified message', () => {
    const scores = kindOf(kinds, 'categories')!;
    // m2 is a document: its Complaint is not covered; m4's Complaint is (an email), m6 failed (any rule).
    expect(scores.classifications.map((c) => [c.classification, c.tp, c.fp, c.fn])).toEqual([
      ['Claim', 1, 1, 2],
      ['Complaint', 1, 0, 0],
    ]);
    expect(scores.noDomainRule).toEqual([
      { classification: 'Complaint', messages: 1 },
      { classification: NO_CATEGORY, messages: 2 },
    ]);
    expect(scores.micro).toMatchObject({ tp: 2, fp: 1, fn: 2 });
    expect(scores.qualifiedMessages).toBe(5);
  });

  it("scores a classification whose rule's module gives another kind as expected and never detected", () => {
    const fields = kindOf(kinds, 'extracted_informations')!;
    expect(fields.classifications.map((c) => [c.classification, c.tp, c.fp, c.fn])).toEqual([
      ['amount', 0, 0, 2],
    ]);
    expect(fields.noDomainRule).toEqual([{ classification: 'contract', messages: 2 }]);
    expect(outcomes.find((o) => o.messageId === 'm3' && o.kind === 'extracted_informations')?.fn).toEqual([
      field('amount', '80'),
    ]);
  });

  it('scores as before without domain rules', () => {
    expect(scoreRun(HAND_BANK, null)).toEqual(scoreRun(HAND_BANK));
    expect(scoreRun(HAND_BANK).kinds.every((k) => k.noDomainRule.length === 0)).toBe(true);
  });
});

// docs/testing-centre.md, "Classifications: value types, ignored, private".
describe("scoreRun under the project's classification settings", () => {
  const settings: Record<string, ReturnType<ClassificationReadings>> = {
    'extracted_informations/amount': { valueType: 'number', ignored: false, visibility: 'public' },
    'extracted_informations/urgent': { valueType: 'boolean', ignored: false, visibility: 'public' },
    'extracted_informations/tags': { valueType: 'array', ignored: false, visibility: 'public' },
    'extracted_informations/address': { valueType: 'object', ignored: false, visibility: 'public' },
    'categories/Spam': { valueType: 'string', ignored: true, visibility: 'public' },
    'categories/Health': { valueType: 'string', ignored: false, visibility: 'private' },
  };
  const readings: ClassificationReadings = (kind, name) => settings[`${kind}/${name}`];
  const bank: ScoredItem[] = [
    {
      messageId: 'm1',
      qualified: ['categories', 'extracted_informations'],
      expected: {
        categories: categories('Claim', 'Spam'),
        extracted_informations: [
          field('amount', '1 234,50'),
          field('urgent', 'oui'),
          field('tags', 'b; a'),
          field('address', '{"city":"Lyon","zip":"69001"}'),
        ],
      },
      detected: {
        categories: categories('Claim', 'Health'),
        extracted_informations: [
          field('amount', '1234.5'),
          field('urgent', 'true'),
          field('tags', '["a","b"]'),
          field('address', '{"zip":"69001","city":"Lyon"}'),
        ],
      },
    },
    {
      messageId: 'm2',
      qualified: ['categories', 'extracted_informations'],
      expected: { categories: categories('Health'), extracted_informations: [field('amount', '12')] },
      detected: {
        categories: categories('Spam', 'Health'),
        extracted_informations: [field('amount', '12.5')],
      },
    },
  ];
  const { kinds, outcomes } = scoreRun(bank, null, readings);

  it('compares numbers, booleans, lists and objects by their value, whatever their spelling', () => {
    const fields = kindOf(kinds, 'extracted_informations')!;
    expect(fields.classifications.map((c) => [c.classification, c.tp, c.fp, c.fn])).toEqual([
      ['address', 1, 0, 0],
      ['amount', 1, 1, 1],
      ['tags', 1, 0, 0],
      ['urgent', 1, 0, 0],
    ]);
    // As text, all four of m1's values would have been wrong.
    const asText = kindOf(scoreRun(bank).kinds, 'extracted_informations')!;
    expect(asText.micro).toMatchObject({ tp: 0, fp: 5, fn: 5 });
  });

  it('leaves an ignored classification out of the scores and the falses, counting its messages', () => {
    const cats = kindOf(kinds, 'categories')!;
    expect(cats.classifications.map((c) => [c.classification, c.tp, c.fp, c.fn])).toEqual([
      ['Claim', 1, 0, 0],
      ['Health', 1, 1, 0],
    ]);
    expect(cats.ignored).toEqual([{ classification: 'Spam', messages: 2 }]);
    const m2 = outcomes.find((o) => o.messageId === 'm2' && o.kind === 'categories');
    expect(m2?.fp ?? []).toEqual([]);
  });

  it('lists the private classifications for the exports, scores unchanged', () => {
    expect(kindOf(kinds, 'categories')!.private).toEqual(['Health']);
    expect(kindOf(kinds, 'extracted_informations')!.private).toEqual([]);
  });

  it('scores as before without settings', () => {
    expect(scoreRun(HAND_BANK, null, null)).toEqual(scoreRun(HAND_BANK));
  });
});

describe('scoreRun edge cases', () => {
  it('leaves precision null when a classification is never detected, and the totals with it', () => {
    const { kinds } = scoreRun([
      {
        messageId: 'a',
        qualified: ['categories'],
        expected: { categories: categories('Claim') },
        detected: {},
      },
      {
        messageId: 'b',
        qualified: ['categories'],
        expected: { categories: categories('Claim') },
        detected: {},
      },
    ]);
    expect(kinds).toEqual([
      {
        kind: 'categories',
        classifications: [
          {
            classification: 'Claim',
            tp: 0,
            fp: 0,
            fn: 2,
            precision: null,
            sensitivity: 0,
            expected: 2,
            detected: 0,
            falses: 2,
          },
        ],
        micro: { tp: 0, fp: 0, fn: 2, precision: null, sensitivity: 0 },
        macro: { precision: null, sensitivity: 0 },
        qualifiedMessages: 2,
        notQualifiedMessages: 0,
        noDomainRule: [],
        ignored: [],
        private: [],
      },
    ]);
  });

  it('shows a kind no message is qualified for but some detected, with nothing scored', () => {
    const { kinds, outcomes } = scoreRun([
      {
        messageId: 'a',
        qualified: [],
        expected: { categories: categories('Claim') },
        detected: { categories: categories('Claim') },
      },
      { messageId: 'b', qualified: [], expected: {}, detected: { rpa: [] } },
    ]);
    expect(kinds).toEqual([
      {
        kind: 'categories',
        classifications: [],
        micro: { tp: 0, fp: 0, fn: 0, precision: null, sensitivity: null },
        macro: { precision: null, sensitivity: null },
        qualifiedMessages: 0,
        notQualifiedMessages: 2,
        noDomainRule: [],
        ignored: [],
        private: [],
      },
    ]);
    expect(outcomes).toEqual([]);
    expect(scoreRun([])).toEqual({ kinds: [], outcomes: [] });
  });

  it('sorts classifications by code point, not by locale nor by UTF-16 unit', () => {
    const names = ['é', 'b', 'NO_CATEGORY', '\u{1F600}', 'B', '\uFF5E', 'a'];
    const { kinds } = scoreRun([
      {
        messageId: 'a',
        qualified: ['categories'],
        expected: { categories: categories(...names) },
        detected: {},
      },
    ]);
    expect(kinds[0]?.classifications.map((score) => score.classification)).toEqual([
      'B',
      'NO_CATEGORY',
      'a',
      'b',
      'é',
      '\uFF5E',
      '\u{1F600}',
    ]);
  });
});

describe('a message expecting no category', () => {
  /**
   * Eight messages worked out by hand: four right (m1–m4), three qualified as expecting no category
   * that get none (the pipeline says NO_CATEGORY), one given Spam where nothing was expected. Right
   * answers are 4 TP; Spam is the one FP; no FN: micro precision 4 / 5 = 80 %, sensitivity 100 %.
   */
  const bank: ScoredItem[] = [
    ...['Claim', 'Complaint', 'Claim', 'Payment'].map((name, i) => ({
      messageId: `m${i + 1}`,
      qualified: ['categories'] as ClassificationKind[],
      expected: { categories: categories(name) },
      detected: { categories: categories(name) },
    })),
    ...['m5', 'm6', 'm7'].map((messageId) => ({
      messageId,
      qualified: ['categories'] as ClassificationKind[],
      expected: { categories: [] },
      detected: { categories: categories(NO_CATEGORY) },
    })),
    {
      messageId: 'm8',
      qualified: ['categories'],
      expected: { categories: [] },
      detected: { categories: categories('Spam') },
    },
  ];

  it('counts NO_CATEGORY where nothing was expected as right, not as a false positive', () => {
    const { kinds, outcomes } = scoreRun(bank);
    const scores = kindOf(kinds, 'categories')!;
    expect(scores.micro).toEqual({ tp: 4, fp: 1, fn: 0, precision: 0.8, sensitivity: 1 });
    expect(scores.classifications.map((c) => c.classification)).toEqual([
      'Claim',
      'Complaint',
      'Payment',
      'Spam',
    ]);
    expect(outcomes.filter((o) => o.fp.length || o.fn.length).map((o) => o.messageId)).toEqual(['m8']);
  });

  it('still scores NO_CATEGORY as a label where a message expects it by name', () => {
    const { kinds } = scoreRun([
      {
        messageId: 'm1',
        qualified: ['categories'],
        expected: { categories: categories(NO_CATEGORY) },
        detected: { categories: categories(NO_CATEGORY) },
      },
      {
        messageId: 'm2',
        qualified: ['categories'],
        expected: { categories: categories('Claim') },
        detected: { categories: categories(NO_CATEGORY) },
      },
    ]);
    expect(kindOf(kinds, 'categories')!.classifications).toMatchObject([
      { classification: 'Claim', tp: 0, fp: 0, fn: 1 },
      { classification: NO_CATEGORY, tp: 1, fp: 1, fn: 0 },
    ]);
  });
});

/** mulberry32: a small seeded generator, so that the bank is the same on every run. */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** Quote is expected but never detected (precision undefined); Spam detected, never expected. */
const EXPECTED_CATEGORIES = [
  'Claim',
  'Complaint',
  'Cancellation',
  'Address change',
  'Payment',
  'Quote',
  'NO_CATEGORY',
];
const DETECTED_EXTRA = [
  'Claim',
  'Complaint',
  'Cancellation',
  'Address change',
  'Payment',
  'NO_CATEGORY',
  'Spam',
];
const FIELDS: Record<string, string[]> = {
  amount: ['120', '120.0', '80', '45.5'],
  contract: ['C-1', 'C-2', 'C-3'],
  date: ['2024-01-02', '02/01/2024'],
  iban: ['FR76 3000', 'FR7630000'],
};

/** A pseudo-random bank: multi-label categories with duplicates, failed analyses, wrong and extra values. */
const randomBank = (count: number, random: () => number): ScoredItem[] => {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const bank: ScoredItem[] = [];
  for (let i = 0; i < count; i++) {
    const qualified: ClassificationKind[] = [];
    if (random() < 0.85) qualified.push('categories');
    if (random() < 0.7) qualified.push('extracted_informations');
    const failed = random() < 0.08;

    // One message in eight expects no category at all: NO_CATEGORY detected there is right.
    const expectsNothing = random() < 0.125;
    const expectedCategories = expectsNothing
      ? []
      : categories(...Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(EXPECTED_CATEGORIES)));
    const detectedCategories = failed
      ? []
      : expectsNothing && random() < 0.7
        ? categories(NO_CATEGORY)
        : [
            ...expectedCategories.filter((label) => label.classification !== 'Quote' && random() < 0.75),
            ...categories(...Array.from({ length: Math.floor(random() * 3) }, () => pick(DETECTED_EXTRA))),
          ];

    const expectedFields: Label[] = [];
    const detectedFields: Label[] = [];
    for (const [name, values] of Object.entries(FIELDS)) {
      const expectedValues = random() < 0.5 ? [pick(values)] : [];
      if (random() < 0.15) expectedValues.push(pick(values));
      for (const value of expectedValues) {
        expectedFields.push(field(name, value));
        const draw = random();
        if (failed || draw < 0.2) continue;
        detectedFields.push(field(name, draw < 0.75 ? value : pick(values)));
      }
      if (!failed && random() < 0.1) detectedFields.push(field(name, pick(values)));
    }
    bank.push({
      messageId: `m${i}`,
      qualified,
      expected: { categories: expectedCategories, extracted_informations: expectedFields },
      detected: { categories: detectedCategories, extracted_informations: detectedFields },
    });
  }
  return bank;
};

type Score = { precision: number | null; sensitivity: number | null };
interface SklearnKind {
  kind: ClassificationKind;
  classifications: ({ classification: string; tp: number; fp: number; fn: number } & Score)[];
  micro: { tp: number; fp: number; fn: number } & Score;
  macro: Score;
  qualifiedMessages: number;
}

const SKLEARN_SCRIPT = fileURLToPath(new URL('../../tests/support/sklearn-scores.py', import.meta.url));
/** Debian's interpreter, where `npm test` installs python3-sklearn; a pyenv `python3` would not see it. */
const DEBIAN_PYTHON = '/usr/bin/python3';

const expectSameScore = (ours: Score, theirs: Score, where: string) => {
  for (const key of ['precision', 'sensitivity'] as const) {
    const [a, b] = [ours[key], theirs[key]];
    if (a === null || b === null) expect(a, `${where} ${key}`).toBe(b);
    else expect(Math.abs(a - b), `${where} ${key}: ${a} against ${b}`).toBeLessThanOrEqual(1e-12);
  }
};

describe('scoreRun against scikit-learn', () => {
  it('agrees with scikit-learn on a pseudo-random bank of 300 messages, per classification, micro and macro', () => {
    const bank = randomBank(300, seeded(19));
    const { kinds } = scoreRun(bank);
    const compared: ClassificationKind[] = ['categories', 'extracted_informations'];
    expect(kinds.map((scores) => scores.kind)).toEqual(compared);

    // Fails, rather than skips, without python3-sklearn: `npm test` installs it.
    const output = execFileSync(DEBIAN_PYTHON, [SKLEARN_SCRIPT], {
      input: JSON.stringify({ items: bank, kinds: compared }),
      encoding: 'utf8',
    });
    const sklearn = JSON.parse(output) as SklearnKind[];

    for (const [index, theirs] of sklearn.entries()) {
      const ours = kinds[index] as KindScores;
      expect(ours.kind).toBe(theirs.kind);
      expect(ours.qualifiedMessages).toBe(theirs.qualifiedMessages);
      expect(ours.notQualifiedMessages).toBe(bank.length - theirs.qualifiedMessages);
      expect(ours.classifications.map((c) => [c.classification, c.tp, c.fp, c.fn])).toEqual(
        theirs.classifications.map((c) => [c.classification, c.tp, c.fp, c.fn]),
      );
      for (const [i, score] of ours.classifications.entries()) {
        expectSameScore(score, theirs.classifications[i] as Score, `${ours.kind} ${score.classification}`);
      }
      const { tp, fp, fn } = ours.micro;
      expect({ tp, fp, fn }).toEqual({ tp: theirs.micro.tp, fp: theirs.micro.fp, fn: theirs.micro.fn });
      expectSameScore(ours.micro, theirs.micro, `${ours.kind} micro`);
      expectSameScore(ours.macro, theirs.macro, `${ours.kind} macro`);
    }

    // The bank exercises what the comparison is for: unqualified messages, a classification never
    // detected and one never expected, and wrong extraction values (FP and FN of one field).
    const [categoryScores, fieldScores] = kinds as [KindScores, KindScores];
    expect(categoryScores.notQualifiedMessages).toBeGreaterThan(0);
    expect(categoryScores.classifications.find((c) => c.classification === 'Quote')?.precision).toBeNull();
    expect(categoryScores.classifications.find((c) => c.classification === 'Spam')?.sensitivity).toBeNull();
    expect(fieldScores.classifications.every((c) => c.fp > 0 && c.fn > 0)).toBe(true);
  });
});
