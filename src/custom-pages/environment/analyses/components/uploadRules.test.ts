import { describe, expect, it } from 'vitest';
import { ACCEPTED_FILES, uploadProblems } from './uploadRules';

const file = (name: string, megabytes = 0.01) => {
  const made = new File(['x'], name);
  Object.defineProperty(made, 'size', { value: Math.round(megabytes * 1_048_576) });
  return made;
};
const keys = (files: File[], maxFiles = 20) => uploadProblems(files, { maxFiles }).map((p) => p.key);

describe('upload rules (spec §5)', () => {
  it('accepts the extractor’s extensions, whatever their case', () => {
    expect(keys([file('Scan.PDF'), file('mail.eml'), file('sheet.xlsx'), file('voice.mp3')])).toEqual([]);
    expect(ACCEPTED_FILES.split(',')).toContain('.msg');
  });

  it('refuses another extension, or none, naming the file', () => {
    expect(uploadProblems([file('setup.exe'), file('README')], { maxFiles: 5 })).toEqual([
      { key: 'app.analyses.upload.extension', values: { name: 'setup.exe' } },
      { key: 'app.analyses.upload.extension', values: { name: 'README' } },
    ]);
  });

  it('refuses a file over 25 MB, several over 25 MB together, and too many files', () => {
    expect(keys([file('big.pdf', 26)], 1)).toEqual(['app.analyses.upload.tooLarge']);
    expect(keys([file('a.pdf', 13), file('b.pdf', 13)])).toEqual(['app.analyses.upload.tooLargeTogether']);
    expect(keys([file('a.pdf'), file('b.pdf')], 1)).toEqual(['app.analyses.upload.tooMany']);
    expect(keys([file('a.pdf', 25)], 1)).toEqual([]);
  });
});
