import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { supportedLocales } from '../../i18n/locale';
import {
  informationExtractionSection,
  markdownHeadings,
  markdownSection,
  userDocumentation,
} from './documentationPages';

// Vitest runs from the repository's root (jsdom's import.meta.url is not a file address).
const root = process.cwd();
const docs = join(root, 'docs');
const read = (name: string) => readFileSync(join(docs, name), 'utf8');

/** The developers' performance page: English only, never shown in the console (the decision records are in docs/decisions/). */
const developerOnly = ['performance.md'];

/** How many headings of each level, in order of level: `{ 1: 1, 2: 10, 3: 3 }`. */
const headingCounts = (source: string) => {
  const counts: Record<number, number> = {};
  for (const { level } of markdownHeadings(source)) counts[level] = (counts[level] ?? 0) + 1;
  return counts;
};

const userPages = readdirSync(docs).filter(
  (name) => name.endsWith('.md') && !name.endsWith('.fr.md') && !developerOnly.includes(name),
);

describe('user documentation in French and English (docs/X.md beside docs/X.fr.md)', () => {
  it('finds the pages, and the webhooks page among them', () => {
    expect(userPages).toContain('webhooks.md');
    expect(userPages).toContain('nlu.md');
  });

  it.each(userPages)(
    '%s has a French version with the same headings per level, in the same order',
    (name) => {
      const english = read(name);
      const frenchName = name.replace(/\.md$/, '.fr.md');
      const french = read(frenchName);
      expect(headingCounts(french), frenchName).toEqual(headingCounts(english));
      expect(markdownHeadings(french).map((h) => h.level)).toEqual(
        markdownHeadings(english).map((h) => h.level),
      );
    },
  );

  it('has no French page without its English one', () => {
    for (const name of readdirSync(docs).filter((n) => n.endsWith('.fr.md')))
      expect(readdirSync(docs), name).toContain(name.replace(/\.fr\.md$/, '.md'));
  });

  it('loads every page the console shows in each language', async () => {
    for (const [page, loaders] of Object.entries(userDocumentation))
      for (const locale of supportedLocales) {
        const source = (await loaders[locale]()).default;
        expect(markdownHeadings(source)[0]?.level, `${page} (${locale})`).toBe(1);
      }
  });

  it('imports docs/ pages only through documentationPages.ts, which has both languages of each', () => {
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? sources(join(dir, entry.name))
          : /\.tsx?$/.test(entry.name)
            ? [join(dir, entry.name)]
            : [],
      );
    const importers = sources(join(root, 'src'))
      .filter((file) => /docs\/[\w.-]+\.md\?raw/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(importers).toEqual(['src/components/user-documentation/documentationPages.ts']);
  });

  it('finds the extraction page’s section in both languages, at the same place, down to the next section', async () => {
    const positions = [];
    for (const locale of supportedLocales) {
      const source = (await userDocumentation.nlu[locale]()).default;
      const heading = informationExtractionSection[locale];
      const section = markdownSection(source, heading);
      expect(section, locale).toBeDefined();
      // The section keeps its subsections (OCR data extraction, the vision engine) and nothing after.
      expect(markdownHeadings(section ?? '').map((h) => h.level)).toEqual([2, 3, 3]);
      positions.push(markdownHeadings(source).findIndex((h) => h.title === heading));
    }
    expect(positions[0]).toBeGreaterThan(0);
    expect(new Set(positions).size).toBe(1);
  });
});

describe('markdownSection', () => {
  const page = [
    '# Page',
    '',
    '## First',
    '',
    'One.',
    '',
    '```twig',
    '## Not a heading',
    '```',
    '',
    '### Sub',
    '',
    'Two.',
    '',
    '## Second',
    '',
    'Three.',
  ].join('\n');

  it('runs from its heading to the next heading of level 2 or 1, code blocks aside', () => {
    expect(markdownSection(page, 'First')).toBe(
      ['## First', '', 'One.', '', '```twig', '## Not a heading', '```', '', '### Sub', '', 'Two.'].join(
        '\n',
      ),
    );
    expect(markdownSection(page, 'Second')).toBe('## Second\n\nThree.');
  });

  it('is undefined for a heading the page lacks, or one inside code', () => {
    expect(markdownSection(page, 'Third')).toBeUndefined();
    expect(markdownSection(page, 'Not a heading')).toBeUndefined();
  });
});
