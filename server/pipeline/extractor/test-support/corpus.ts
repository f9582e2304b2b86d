import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The corpus of real third-party files (tests/fixtures/corpus: a copy of the team's shared corpus,
 * kept in the repository so that a clone tests the parsers anywhere; licences and credits in its
 * README.md).
 */
export const CORPUS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../tests/fixtures/corpus',
);

/** The benchmark workload (bench/workload: gen_emails.py and its rule set). */
export const WORKLOAD_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../bench/workload',
);

export interface CorpusEntry {
  file: string;
  format: string;
  facts: Record<string, unknown>;
  size_bytes: number;
}

const manifest: CorpusEntry[] = JSON.parse(
  fs.readFileSync(path.join(CORPUS_DIR, 'MANIFEST.json'), 'utf8'),
) as CorpusEntry[];

/** Every manifest entry whose file is in `folder/` (email, msg, pdf, office, …). */
export const corpusEntries = (folder: string): CorpusEntry[] =>
  manifest.filter((entry) => entry.file.startsWith(`${folder}/`));

export const corpusEntry = (file: string): CorpusEntry => {
  const entry = manifest.find((e) => e.file === file);
  if (!entry) throw new Error(`${file} is not in the corpus manifest`);
  return entry;
};

export const corpusBytes = (file: string): Uint8Array =>
  new Uint8Array(fs.readFileSync(path.join(CORPUS_DIR, file)));

/** Whitespace-normalised, as the manifest's phrases are compared. */
export const squash = (text: string): string => text.replace(/\s+/g, ' ').trim();
