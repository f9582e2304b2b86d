import { lazy } from 'react';

/** The OCR data extraction test page (spec pipeline §2 `test-ocrDataExtraction`): one file read with the saved settings. */
export const Page = lazy(() =>
  import('./OcrDataTestPage').then((module) => ({ default: module.OcrDataTestPage })),
);
export const path = 'test-ocrDataExtraction';
export const title = 'app.routes.ocrDataTest';
