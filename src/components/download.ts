import type { DownloadedFile } from '../../schemas/contracts/define';

/** Saves a downloaded file under its server-given name (or `fallback`), through a temporary link. */
export const saveFile = ({ blob, filename }: DownloadedFile, fallback: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? fallback;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
};
