import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import type { CorpusEntry } from '../test-support/corpus';
import { squash } from '../test-support/corpus';
import type { ParseOutput } from '../types';

/**
 * The corpus manifest's facts about documents, as assertions on a parser's output. Every fact key
 * of the document files is either checked here or listed in UNCHECKED_FACTS with the reason, so a
 * new fact in the manifest fails the suite until someone decides what it means.
 */
type FactCheck = (out: ParseOutput, value: unknown, file: string) => void;

const allText = (out: ParseOutput): string => out.pages.map((page) => page.text).join('\n');
const labelled = (out: ParseOutput, prefix: string) => out.pages.filter((p) => p.label?.startsWith(prefix));
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : [String(value)]);

const containsAll = (text: string, value: unknown, file: string, what: string) => {
  for (const phrase of strings(value)) expect(squash(text), `${what} of ${file}`).toContain(squash(phrase));
};

const metadataIs =
  (key: string): FactCheck =>
  (out, value, file) =>
    expect(out.metadata[key], `${key} of ${file}`).toBe(value);

const countAbove =
  (key: string): FactCheck =>
  (out, value, file) =>
    expect(Number(out.metadata[key]) > 0, `${key} of ${file}`).toBe(value);

const textContains: FactCheck = (out, value, file) => containsAll(allText(out), value, file, 'text');

export const FACT_CHECKS: Record<string, FactCheck> = {
  phrases: textContains,
  picture_alt_text: textContains,
  image_alt_text_contains: textContains,
  chart_title: textContains,
  page_count: (out, value, file) => {
    expect(
      out.pages.filter((p) => !p.label),
      `pages of ${file}`,
    ).toHaveLength(Number(value));
    expect(out.metadata.pageCount, `pageCount of ${file}`).toBe(value);
  },
  slide_count: (out, value, file) => {
    expect(labelled(out, 'slide '), `slide pages of ${file}`).toHaveLength(Number(value));
    expect(out.metadata.slideCount, `slideCount of ${file}`).toBe(value);
  },
  /** The title of the first slide (unstructured's Title element), not the file's summary title. */
  title: (out, value, file) => expect(out.pages[0].text.split('\n')[0], `first line of ${file}`).toBe(value),
  slide_note: (out, value, file) =>
    containsAll(
      labelled(out, 'notes ')
        .map((p) => p.text)
        .join('\n'),
      value,
      file,
      'notes',
    ),
  notes_slides: metadataIs('notesSlideCount'),
  producer: metadataIs('producer'),
  encrypted: metadataIs('encrypted'),
  author: metadataIs('author'),
  docprops_app_pages: metadataIs('pageCount'),
  meta_page_count: metadataIs('pageCount'),
  summary_info_pages: metadataIs('pageCount'),
  has_macros: metadataIs('hasMacros'),
  has_vba_project: metadataIs('hasMacros'),
  table_count: metadataIs('tableCount'),
  has_table: countAbove('tableCount'),
  has_chart: countAbove('chartCount'),
  headings: (out, value, file) => {
    const lines = out.pages[0].text.split('\n').map((line) => line.trim());
    for (const heading of strings(value)) expect(lines, `headings of ${file}`).toContain(heading);
  },
  list_levels: (out, value, file) => {
    const indents = out.pages[0].text.split('\n').map((line) => /^ */.exec(line)![0].length / 2);
    expect(Math.max(...indents) + 1, `list levels of ${file}`).toBe(value);
  },
  has_comments: (out, value, file) =>
    expect(labelled(out, 'comments').length > 0, `comments of ${file}`).toBe(value),
  comment_contains: (out, value, file) =>
    containsAll(labelled(out, 'comments')[0]?.text ?? '', value, file, 'comments'),
  first_comment_author: (out, value, file) =>
    expect(labelled(out, 'comments')[0]?.text.split('\n')[0], `first comment of ${file}`).toMatch(
      new RegExp(`^${String(value)}: `),
    ),
  has_images: (out, value, file) =>
    expect(
      out.attachments.some((a) => a.mime.startsWith('image/')),
      `images of ${file}`,
    ).toBe(value),
  embedded_files: (out, value, file) =>
    expect(
      out.attachments.map((a) => a.filename),
      `attachments of ${file}`,
    ).toEqual(strings(value)),
  embedded_ole_object: (out, value, file) =>
    expect(
      out.attachments.map((a) => a.filename),
      `attachments of ${file}`,
    ).toContain(value),
  embedded_file_md5: (out, value, file) =>
    expect(
      out.attachments.map((a) => createHash('md5').update(a.bytes).digest('hex')),
      `attachment digests of ${file}`,
    ).toContain(value),
};

export const UNCHECKED_FACTS: Record<string, string> = {
  note: 'read by a person; the notes that change an expectation have explicit tests',
  language: 'language detection belongs to the NLU step',
  languages: 'language detection belongs to the NLU step',
  layout: 'reading order of the two columns is covered by the phrases',
  conformance: 'PDF/A conformance is not reported',
  images: 'page images of a PDF are neither counted nor extracted',
  has_dde: 'DDE fields are a security scanner concern, not text',
  arabic_word: 'explicit test in pdf.test.ts (right-to-left order)',
  user_password: 'DocumentOptions has no password: encrypted PDFs are refused (explicit test)',
  owner_password: 'DocumentOptions has no password: encrypted PDFs are refused (explicit test)',
  encryption: 'DocumentOptions has no password: encrypted PDFs are refused (explicit test)',
  phrases_after_decrypt: 'DocumentOptions has no password: encrypted PDFs are refused (explicit test)',
  hazard: 'explicit test beside the parser of the hostile file',
  expected_behaviour: 'explicit test beside the parser of the hostile file',
  actual_container: 'explicit test in ppt.test.ts (a PPTX named .ppt)',
};

/**
 * Asserts every fact of a manifest entry on a parser's output.
 *
 * @example
 *   checkFacts(corpusEntry('office/fake.odt'), await odfParser.parse(input, documentContext()));
 */
export const checkFacts = (entry: CorpusEntry, out: ParseOutput): void => {
  for (const [key, value] of Object.entries(entry.facts)) {
    if (key in UNCHECKED_FACTS) continue;
    const check = FACT_CHECKS[key];
    if (!check)
      throw new Error(`No check for the fact '${key}' of ${entry.file}: add one, or a reason to skip it`);
    check(out, value, entry.file);
  }
};
