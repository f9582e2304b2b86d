import { UPLOAD_MAX_BYTES } from '../../../../../schemas/contracts/analyses';
import { SUPPORTED_EXTENSIONS } from '../../../../../schemas/extractor-settings';

/** A refused choice of files, as a translation key and its values. */
export interface UploadProblem {
  key: string;
  values: Record<string, string | number>;
}

export const extensionOf = (filename: string): string => {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
};

/** The file input's `accept`: the extensions the extractor reads (spec §3). */
export const ACCEPTED_FILES = SUPPORTED_EXTENSIONS.map((extension) => `.${extension}`).join(',');

const megabytes = (bytes: number) => Math.round(bytes / 1_048_576);

/**
 * Spec §5 upload rules, checked before anything is sent: every extension allowed, each file and
 * all of them together under the platform's bound, no more files than the input takes. The server
 * checks the same and its refusals land on the same fields.
 *
 * @example
 * uploadProblems([new File(['x'], 'virus.exe')], { maxFiles: 1 });
 * // → [{ key: 'app.analyses.upload.extension', values: { name: 'virus.exe' } }]
 */
export const uploadProblems = (
  files: readonly File[],
  { maxFiles, maxBytes = UPLOAD_MAX_BYTES }: { maxFiles: number; maxBytes?: number },
): UploadProblem[] => {
  const problems: UploadProblem[] = [];
  for (const file of files) {
    if (!(SUPPORTED_EXTENSIONS as readonly string[]).includes(extensionOf(file.name)))
      problems.push({ key: 'app.analyses.upload.extension', values: { name: file.name } });
    if (file.size > maxBytes)
      problems.push({
        key: 'app.analyses.upload.tooLarge',
        values: { name: file.name, max: megabytes(maxBytes) },
      });
  }
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (files.length > 1 && total > maxBytes && files.every((file) => file.size <= maxBytes))
    problems.push({ key: 'app.analyses.upload.tooLargeTogether', values: { max: megabytes(maxBytes) } });
  if (files.length > maxFiles)
    problems.push({ key: 'app.analyses.upload.tooMany', values: { max: maxFiles } });
  return problems;
};
