import type { Messages } from '../fr';
import type { errorLogFr } from './fr';

/** Messages of the environment's error log (spec pipeline §2 "error log"), English. */
export const errorLogEn: Messages<typeof errorLogFr> = {
  intro:
    "Every failed step of this environment's analyses and every webhook delivery whose attempts all failed, newest first. The log refreshes every 10 seconds.",
  refresh: 'Refresh',
  empty: 'No errors for these filters.',
  outsideSteps: 'Outside any step',
  deletedAnalysis: 'Deleted analysis',
  columns: {
    at: 'Date',
    kind: 'Kind',
    where: 'Step or webhook',
    analysis: 'Analysis',
    error: 'Error',
  },
  kinds: { all: 'All', step: 'Step', delivery: 'Delivery' },
  filters: {
    kind: 'Kind',
    step: 'Step',
    anyStep: 'All steps',
    category: 'Category',
    anyCategory: 'All categories',
    categoryHelp: 'One seen in the log, or an exact name applied with Enter',
    from: 'From',
    to: 'To',
  },
};
