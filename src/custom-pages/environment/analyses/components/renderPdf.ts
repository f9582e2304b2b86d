/** Pages of a PDF rendered for the preview, at most this many (a long scan would take minutes). */
export const PDF_PREVIEW_MAX_PAGES = 20;

/** pdf.js is large: it is fetched the first time a PDF is previewed, never with the console. */
const loadPdfjs = async () => {
  const [pdfjs, worker] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
};

/**
 * Draws each page of a PDF on its own canvas, appended to `target` as it is ready. The file may be
 * hostile: pdf.js runs it in its worker, with string evaluation (fonts) and XFA forms turned off.
 * Resolves to the number of pages drawn; `signal` stops it (the user left the tab).
 */
export const renderPdf = async (
  bytes: ArrayBuffer,
  target: HTMLElement,
  pageLabel: (number: number) => string,
  signal: AbortSignal,
): Promise<number> => {
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, enableXfa: false });
  signal.addEventListener('abort', () => void task.destroy());
  const pdf = await task.promise;
  const count = Math.min(pdf.numPages, PDF_PREVIEW_MAX_PAGES);
  for (let number = 1; number <= count && !signal.aborted; number += 1) {
    const page = await pdf.getPage(number);
    const viewport = page.getViewport({ scale: 1.5 });
    const canvas = document.createElement('canvas');
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', pageLabel(number));
    canvas.style.width = '100%';
    canvas.style.maxWidth = `${Math.floor(viewport.width / 1.5)}px`;
    canvas.style.border = '1px solid rgba(0, 0, 0, 0.12)';
    await page.render({ canvas, viewport }).promise;
    target.append(canvas);
  }
  return pdf.numPages;
};
