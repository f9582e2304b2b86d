import { DEFAULT_CONSOLIDATION } from '../../schemas/consolidation';
import { DEFAULT_MODULES } from '../../schemas/modules';
import { DEFAULT_OCR_DATA } from '../../schemas/ocr-data';
import { DEFAULT_OUTPUT } from '../../schemas/output';
import { DEFAULT_POST_PROCESSING } from '../../schemas/post-processing';
import { DEFAULT_VISION } from '../../schemas/vision';

/** Settings live in the `settings` document, not in a column each; these are their defaults. */
export const SETTINGS = {
  aiVersion: 'v4',
  priorityProcessing: false,
  debugMode: false,
  productionMode: false,
  languages: ['fr'],
  retention: 'Always',
  multiInteraction: false,
  multiCategory: false,
  attachmentCategoriesPerPage: false,
  ocrImages: true,
  ocrMaxPages: 10,
  splitCharacters: 4000,
  defaultCategory: '',
  defaultAttachmentCategory: '',
  advancedCategorisation: false,
  categorisationTemplate: '',
  modules: DEFAULT_MODULES,
  output: DEFAULT_OUTPUT,
  vision: DEFAULT_VISION,
  ocrData: DEFAULT_OCR_DATA,
  postProcessing: DEFAULT_POST_PROCESSING,
  consolidation: DEFAULT_CONSOLIDATION,
} as const;

/**
 * An environment's settings as they act: the stored ones over the defaults of those it leaves out
 * (an environment made from a template or an import stores only what these set).
 */
export const settingsWithDefaults = (settings: Record<string, unknown>): Record<string, unknown> => ({
  ...SETTINGS,
  ...settings,
});
