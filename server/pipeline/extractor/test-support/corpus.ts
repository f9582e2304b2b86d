import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The shared corpus of real third-party files (../shared/corpus beside the project root). */
export const CORPUS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../shared/corpus',
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
