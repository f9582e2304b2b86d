/** The parts a document title is made of; names are absent while unknown. */
export interface TitleParts {
  route: string;
  environment?: string;
  project?: string;
  organisation?: string;
  product: string;
}

/**
 * Spec §2: the title is derived per route and includes the environment, project and organisation
 * names, narrowest first so that browser tabs show what differs between them.
 *
 * @example
 * composeDocumentTitle({ route: 'Accueil', environment: 'Production', project: 'Demo project',
 *   organisation: 'Acme', product: 'Console' }) // 'Accueil · Production · Demo project · Acme — Console'
 */
export const composeDocumentTitle = ({
  route,
  environment,
  project,
  organisation,
  product,
}: TitleParts): string => {
  const context = [route, environment, project, organisation]
    .map((part) => part?.trim())
    .filter((part): part is string => !!part);
  return context.length > 0 ? `${context.join(' · ')} — ${product}` : product;
};
