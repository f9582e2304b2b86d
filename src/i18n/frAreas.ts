import { analysesFr } from './analyses/fr';
import { consumptionFr } from './consumption/fr';
import { dashboardFr } from './dashboard/fr';
import { detailsFr } from './details/fr';
import { errorLogFr } from './error-log/fr';
import { extractorFr } from './extractor/fr';
import { graphFr } from './graph/fr';
import { integrationsFr } from './integrations/fr';
import { modulesFr } from './modules/fr';
import { nluFr } from './nlu/fr';
import { repliesFr } from './replies/fr';
import { resourcesFr } from './resources/fr';
import { specificationsFr } from './specifications/fr';
import { testingFr } from './testing/fr';

/**
 * The French of the signed-in pages, by area, where each sits in the tree. Not in the first download:
 * the i18n provider loads it (loadWholeCatalogue) before the first signed-in page shows.
 */
export const frAreas = {
  app: {
    analyses: analysesFr,
    errorLog: errorLogFr,
    testing: testingFr,
    consumption: consumptionFr,
    dashboard: dashboardFr,
    graph: graphFr,
    extractor: extractorFr,
    nlu: nluFr,
    replies: repliesFr,
    modules: modulesFr,
    specifications: specificationsFr,
    integrations: integrationsFr,
    // A refused save's field problems (schemas/detail-messages.ts).
    errors: { details: detailsFr },
  },
  resources: resourcesFr,
} as const;
