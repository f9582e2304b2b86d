import { describe, expect, it } from 'vitest';
import { RENAME_MAX_LENGTH, renamed, renameRule, splitExtension, type RenameRule } from './bank-rename';

const afters = (names: string[], rule: RenameRule) => renamed(names, rule).map((o) => o.error ?? o.after);

describe('extensions', () => {
  it('are a short run of letters or digits after the last dot, never the whole name', () => {
    expect(splitExtension('scan.pdf')).toEqual(['scan', '.pdf']);
    expect(splitExtension('archive.tar.gz')).toEqual(['archive.tar', '.gz']);
    expect(splitExtension('relevé.été')).toEqual(['relevé', '.été']);
    expect(splitExtension('Dégât des eaux')).toEqual(['Dégât des eaux', '']);
    expect(splitExtension('.env')).toEqual(['.env', '']);
    expect(splitExtension('v1. final')).toEqual(['v1. final', '']);
    expect(splitExtension('notes.')).toEqual(['notes.', '']);
  });
});

describe('replace', () => {
  it('replaces every occurrence, as plain text and case-sensitively, in the whole name', () => {
    expect(
      afters(['scan_scan.pdf', 'Scan.pdf', 'a.b*c.txt'], {
        mode: 'replace',
        find: 'scan',
        replaceWith: 'doc',
      }),
    ).toEqual(['doc_doc.pdf', 'Scan.pdf', 'a.b*c.txt']);
    // Not a pattern: dots and stars are themselves.
    expect(afters(['a.b*c.txt'], { mode: 'replace', find: '.b*', replaceWith: '-' })).toEqual(['a-c.txt']);
    expect(afters(['rapport.PDF'], { mode: 'replace', find: '.PDF', replaceWith: '.pdf' })).toEqual([
      'rapport.pdf',
    ]);
  });

  it('works on unicode names and trims the result', () => {
    expect(
      afters(['Dégât des eaux.eml', '理赔 📎 申请.pdf'], { mode: 'replace', find: ' ', replaceWith: '  ' }),
    ).toEqual(['Dégât  des  eaux.eml', '理赔  📎  申请.pdf']);
    expect(afters(['Relevé été.pdf'], { mode: 'replace', find: 'é', replaceWith: 'e' })).toEqual([
      'Releve ete.pdf',
    ]);
    expect(afters(['draft report.pdf'], { mode: 'replace', find: 'draft', replaceWith: '' })).toEqual([
      'report.pdf',
    ]);
  });

  it('changes nothing while find is empty, and the API refuses an empty find', () => {
    expect(afters(['scan.pdf'], { mode: 'replace', find: '', replaceWith: 'x' })).toEqual(['scan.pdf']);
    expect(renameRule.safeParse({ mode: 'replace', find: '', replaceWith: 'x' }).success).toBe(false);
  });
});

describe('add', () => {
  it('adds before the name, or after it but before the extension', () => {
    expect(
      afters(['scan.pdf', 'Pasted', 'archive.tar.gz'], { mode: 'add', text: '-2024', position: 'after' }),
    ).toEqual(['scan-2024.pdf', 'Pasted-2024', 'archive.tar-2024.gz']);
    expect(afters(['scan.pdf', 'Pasted'], { mode: 'add', text: '2024 ', position: 'before' })).toEqual([
      '2024 scan.pdf',
      '2024 Pasted',
    ]);
    expect(afters(['Sinistre.eml'], { mode: 'add', text: ' – réclamé', position: 'after' })).toEqual([
      'Sinistre – réclamé.eml',
    ]);
  });
});

describe('separator', () => {
  it('changes the separator of the name without its extension, runs made one, ends dropped', () => {
    expect(
      afters(['scan_2024_final.pdf', '__scan__2024_.pdf', 'no-separator.eml'], {
        mode: 'separator',
        find: '_',
        replaceWith: ' ',
      }),
    ).toEqual(['scan 2024 final.pdf', 'scan 2024.pdf', 'no-separator.eml']);
    // The extension's dot is not a separator.
    expect(afters(['v1.2.3.pdf'], { mode: 'separator', find: '.', replaceWith: '-' })).toEqual([
      'v1-2-3.pdf',
    ]);
    expect(afters(['a b  c.txt'], { mode: 'separator', find: ' ', replaceWith: '' })).toEqual(['abc.txt']);
    expect(afters(['déclaration_sinistre_été'], { mode: 'separator', find: '_', replaceWith: '-' })).toEqual([
      'déclaration-sinistre-été',
    ]);
  });

  it('refuses a name made only of separators', () => {
    expect(renamed(['___.pdf', '___'], { mode: 'separator', find: '_', replaceWith: ' ' })).toEqual([
      { before: '___.pdf', after: '.pdf' },
      { before: '___', after: '', error: 'RENAME_EMPTY_NAME' },
    ]);
  });
});

describe('name and index', () => {
  it('numbers in the given order from the start index, keeping each extension', () => {
    expect(
      afters(['b.eml', 'a.pdf', 'Pasted'], { mode: 'nameAndIndex', name: 'claim', startIndex: 1 }),
    ).toEqual(['claim-1.eml', 'claim-2.pdf', 'claim-3']);
  });

  it('pads the index to the width of the largest one', () => {
    const names = Array.from({ length: 12 }, (_, i) => `m${i}.eml`);
    const result = afters(names, { mode: 'nameAndIndex', name: 'claim', startIndex: 0 });
    expect(result[0]).toBe('claim-00.eml');
    expect(result[9]).toBe('claim-09.eml');
    expect(result[11]).toBe('claim-11.eml');
    expect(afters(['a', 'b'], { mode: 'nameAndIndex', name: 'x', startIndex: 99 })).toEqual([
      'x-099',
      'x-100',
    ]);
  });

  it('joins with a hyphen unless the name already ends with a separator', () => {
    expect(afters(['a.eml'], { mode: 'nameAndIndex', name: 'sinistre_', startIndex: 7 })).toEqual([
      'sinistre_7.eml',
    ]);
    expect(afters(['a.eml'], { mode: 'nameAndIndex', name: 'Réclamation été', startIndex: 1 })).toEqual([
      'Réclamation été-1.eml',
    ]);
    expect(afters(['a.eml'], { mode: 'nameAndIndex', name: '  ', startIndex: 5 })).toEqual(['5.eml']);
  });
});

describe('limits', () => {
  it('refuses a name longer than the bank keeps, counting characters as code points', () => {
    const fits = '📎'.repeat(RENAME_MAX_LENGTH - 4);
    expect(renamed([`${fits}.pdf`], { mode: 'add', text: 'é', position: 'before' })).toEqual([
      { before: `${fits}.pdf`, after: `é${fits}.pdf`, error: 'RENAME_TOO_LONG' },
    ]);
    expect(renamed([`${fits.slice(2)}.pdf`], { mode: 'add', text: 'é', position: 'before' })[0].error).toBe(
      undefined,
    );
  });

  it('trims results and refuses an empty one, naming the message it came from', () => {
    expect(renamed([' draft ', 'draft'], { mode: 'replace', find: 'draft', replaceWith: ' ' })).toEqual([
      { before: ' draft ', after: '', error: 'RENAME_EMPTY_NAME' },
      { before: 'draft', after: '', error: 'RENAME_EMPTY_NAME' },
    ]);
  });
});
