import { useState } from 'react';
import { useRefresh, useTranslate } from 'react-admin';
import {
  BANK_IMPORT_MAX_FILES,
  BANK_IMPORT_MAX_TOTAL_BYTES,
  uploadBankMessage,
} from '../../../../schemas/contracts/testing';
import { useApiClient } from '../../../providers/ServicesContext';
import { uploadProblems } from '../../environment/analyses/components/uploadRules';
import { testingErrorMessage } from './testingErrors';

/** What became of one chosen file (spec §4 "Uploads: report success, failure and limit exceeded"). */
export type Fate =
  | { state: 'waiting' }
  | { state: 'sending' }
  | { state: 'success' }
  | { state: 'failure'; reason: string }
  | { state: 'limit'; reason: string };

export const megabytes = (bytes: number) => Math.round(bytes / 1_048_576);

/**
 * The fate each file will have before anything is sent: a file of a refused extension or too large
 * on its own, past the count, or past the total size is "limit exceeded"; the others are imported.
 */
export const plannedFates = (
  files: readonly File[],
  translate: (key: string, options?: Record<string, unknown>) => string,
): Fate[] => {
  let total = 0;
  return files.map((file, index) => {
    const problems = uploadProblems([file], { maxFiles: 1 });
    if (problems.length > 0)
      return { state: 'limit', reason: problems.map((p) => translate(p.key, p.values)).join(' ') };
    if (index >= BANK_IMPORT_MAX_FILES)
      return {
        state: 'limit',
        reason: translate('app.testing.import.tooMany', { max: BANK_IMPORT_MAX_FILES }),
      };
    total += file.size;
    if (total > BANK_IMPORT_MAX_TOTAL_BYTES)
      return {
        state: 'limit',
        reason: translate('app.testing.import.tooLargeTogether', {
          max: megabytes(BANK_IMPORT_MAX_TOTAL_BYTES),
        }),
      };
    return { state: 'waiting' };
  });
};

/**
 * One import into the bank (messages-bank/import, spec §5), whether a dialog or a page hosts it:
 * the chosen files and tags, each file's fate, and the import itself — one request per file, in
 * order, so that each answer is that file's fate and one failure stops nothing.
 */
export const useBankImport = (projectId: string) => {
  const translate = useTranslate();
  const client = useApiClient();
  const refresh = useRefresh();
  const [files, setFiles] = useState<File[]>([]);
  const [tags, setTags] = useState('');
  const [fates, setFates] = useState<Fate[]>();
  const busy = fates?.some((f) => f.state === 'sending' || f.state === 'waiting') ?? false;
  const shown = fates ?? plannedFates(files, translate);

  const start = async () => {
    const planned = plannedFates(files, translate);
    setFates(planned);
    const next = [...planned];
    for (const [index, file] of files.entries()) {
      if (next[index].state !== 'waiting') continue;
      next[index] = { state: 'sending' };
      setFates([...next]);
      try {
        await client.call(uploadBankMessage, { params: { projectId }, body: { type: 'file', file, tags } });
        next[index] = { state: 'success' };
      } catch (error) {
        next[index] = { state: 'failure', reason: testingErrorMessage(error, translate) };
      }
      setFates([...next]);
    }
    refresh();
  };

  /** Another import, from nothing chosen. */
  const reset = () => {
    setFiles([]);
    setTags('');
    setFates(undefined);
  };

  return {
    files,
    addFiles: (picked: File[]) => setFiles((chosen) => [...chosen, ...picked]),
    tags,
    setTags,
    shown,
    busy,
    /** Files and tags are fixed once the import started. */
    started: fates !== undefined,
    finished: fates !== undefined && !busy,
    canStart: files.length > 0 && !shown.every((f) => f.state === 'limit'),
    counts: {
      success: shown.filter((f) => f.state === 'success').length,
      failure: shown.filter((f) => f.state === 'failure').length,
      limit: shown.filter((f) => f.state === 'limit').length,
    },
    start,
    reset,
  };
};

export type BankImport = ReturnType<typeof useBankImport>;
