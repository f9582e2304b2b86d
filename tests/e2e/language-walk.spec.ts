import { expect, test, type Page } from '@playwright/test';
import { CONFIGURATION_SECTIONS } from '../../src/custom-pages/environment/configuration/sections';
import { CONSOLE_ONLY, E2E_ADMIN } from './support/constants';
import { signIn, signInEn } from './support/pages';

/**
 * One language at a time (spec platform-shell §1): every page of the console, opened in French
 * with representative data (an environment made from a use-case template, an analysis, the
 * documentation, a refused save), shows no English tell-tale; the same walk in English shows no
 * French one. The pages are those the menus link to, so that a page added to a menu is walked
 * without touching this file, plus the configuration's sections, the result's tabs and the
 * account's pages.
 *
 * What users typed (names, texts, templates) is theirs, in any language: the walk reads the
 * console's own words, leaving out code, editors and form values.
 */

/** Words of English that French pages never need (whole words, case as written). */
const ENGLISH = [
  'the',
  'The',
  'is',
  'are',
  'was',
  'not',
  'and',
  'with',
  'this',
  'This',
  'that',
  'from',
  'your',
  'You',
  'has',
  'have',
  'been',
  'must',
  'should',
  'Please',
  'Save',
  'Cancel',
  'Delete',
  'Loading',
  'Search',
  'Close',
  'Download',
  'Upload',
  'Create',
  'Edit',
  'Add',
  'Settings',
  'Error',
  'failed',
  'Nothing',
  'None',
  'Required',
  'Invalid',
  'Unknown',
  'found',
  'Rows per page',
  'characters',
  'No module',
  'of the',
];
/** Words of French that English pages never need. */
const FRENCH = [
  'Enregistrer',
  'Annuler',
  'Supprimer',
  'Aucun',
  'Aucune',
  'Ajouter',
  'Paramètres',
  'Rechercher',
  'Fermer',
  'Télécharger',
  'Chargement',
  'Erreur',
  'Créer',
  'Modifier',
  'Nouveau',
  'Nouvelle',
  'cet environnement',
  'n’est',
  'l’analyse',
  'Lignes par page',
  'caractères',
  'Retour',
  'Suivant',
  'Précédent',
  'Catégories',
  'Règles',
  'Serveurs',
  'Modèles',
  'Tableau de bord',
  'Statut',
];

const tellTales = (words: string[]) =>
  new RegExp(
    `(?<![\\p{L}\\p{N}_])(${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\p{L}\\p{N}_])`,
    'gu',
  );

/** The console's visible words on the page: code, editors, form values and hidden parts left out. */
const visibleWords = (page: Page) =>
  page.evaluate(() => {
    const skipped = 'pre, code, textarea, input, select, script, style, svg, .cm-editor, [data-user-content]';
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const lines: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!parent || !text || parent.closest(skipped)) continue;
      if (!parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      lines.push(text);
    }
    return lines;
  });

/** Waits for the page to have settled: its heading shown and nothing loading. */
const settled = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('progressbar'))
    .toHaveCount(0, { timeout: 15_000 })
    .catch(() => undefined);
  await page.waitForTimeout(200);
};

interface Finding {
  url: string;
  words: string[];
}

/** Every tell-tale on the page, with the line it was found in. */
const findOnPage = async (page: Page, pattern: RegExp, data: readonly string[]): Promise<Finding | null> => {
  await settled(page);
  const lines = await visibleWords(page);
  const words = lines.flatMap((line) => {
    // Lines that are the walk's own data (names it gave) are the user's words, and so are the
    // names other specs gave the same demo organisation (unique by their Date.now(): 13 digits).
    if (data.some((d) => line.includes(d)) || /\d{13}/.test(line)) return [];
    return [...line.matchAll(pattern)].map((m) => `${m[1]} «${line.slice(0, 120)}»`);
  });
  return words.length ? { url: new URL(page.url()).pathname + new URL(page.url()).search, words } : null;
};

/** The links of a menu, as paths. */
const menuLinks = async (page: Page, menu: string) => {
  const nav = page.getByRole('navigation', { name: menu });
  await expect(nav).toBeVisible();
  const hrefs = await nav
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter((h) => h.startsWith('/')))];
};

/** Environment names and texts this walk created: the user's words, in whatever language. */
const DATA = ['Walk', 'Promenade'];

/** Names the template's environment already has: saving another is refused. */
const REFUSED_SAVES = [
  ['categories', 'Claim declaration'],
  ['archetypes', 'meeting'],
] as const;

interface Labels {
  newEnvironment: string;
  fromTemplate: string;
  template: RegExp;
  name: string;
  createEnvironment: string;
  newAnalysis: string;
  pasteText: string;
  text: string;
  analyse: string;
  processed: string;
  create: string;
  save: string;
}

/**
 * An environment made from the insurance template by a user of that language (its descriptions are
 * in that language: schemas/template-localisation.ts), with an analysis, so that every page has
 * something to say. Answers the environment's path.
 */
const representativeEnvironment = async (page: Page, labels: Labels) => {
  await page
    .getByRole('link', { name: /^Service client/ })
    .first()
    .click();
  await page.getByRole('link', { name: labels.newEnvironment }).first().click();
  await page.getByRole('tab', { name: labels.fromTemplate }).click();
  await page.getByRole('radio', { name: labels.template }).check();
  await page.getByLabel(labels.name).fill(`Walk ${Date.now()}`);
  await page.getByRole('button', { name: labels.createEnvironment }).click();
  await expect(page).toHaveURL(/\/environment\/[0-9a-f-]{36}$/);
  const environmentPath = new URL(page.url()).pathname;
  await page.goto(`${environmentPath}/analyses`);
  await page.getByRole('button', { name: labels.newAnalysis }).click();
  const upload = page.getByRole('dialog', { name: labels.newAnalysis });
  await upload.getByRole('tab', { name: labels.pasteText }).click();
  await upload
    .getByRole('textbox', { name: labels.text })
    .fill('Bonjour, je souhaite déclarer un sinistre pour mon véhicule. Merci.');
  await upload.getByRole('textbox', { name: labels.name }).fill('Walk analysis');
  await upload.getByRole('button', { name: labels.analyse }).click();
  await expect(page.getByRole('row', { name: /Walk analysis/ })).toContainText(labels.processed, {
    timeout: 60_000,
  });
  return environmentPath;
};

const LANGUAGES = [
  {
    locale: 'fr',
    pattern: tellTales(ENGLISH),
    signIn: async (page: Page) => {
      await page.goto('/login');
      await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
      await expect(page).toHaveURL(/\/orga\/[0-9a-f-]{36}/);
    },
    menus: {
      organisation: 'Menu de l’organisation',
      project: 'Menu du projet',
      environment: 'Menu de l’environnement',
      testingCentre: 'Menu du centre de test',
    },
    tabs: ['Extraction', 'Catégories', 'Données extraites', 'Réponse', 'Sortie', 'Trace'],
    labels: {
      newEnvironment: 'Nouvel environnement',
      fromTemplate: 'Depuis un modèle de cas d’usage',
      template: /Assurance : rendez-vous et sinistres/,
      name: 'Nom',
      createEnvironment: 'Créer l’environnement',
      newAnalysis: 'Nouvelle analyse',
      pasteText: 'Coller du texte',
      text: 'Texte',
      analyse: 'Analyser',
      processed: 'Traitée',
      create: 'Créer',
      save: 'Enregistrer',
    },
  },
  {
    locale: 'en',
    pattern: tellTales(FRENCH),
    signIn: (page: Page) => signInEn(page, E2E_ADMIN),
    menus: {
      organisation: 'Organisation menu',
      project: 'Project menu',
      environment: 'Environment menu',
      testingCentre: 'Testing centre menu',
    },
    tabs: ['Extraction', 'Categories', 'Extracted data', 'Reply', 'Output', 'Trace'],
    labels: {
      newEnvironment: 'New environment',
      fromTemplate: 'From a use-case template',
      template: /Insurance: meetings and claims/,
      name: 'Name',
      createEnvironment: 'Create the environment',
      newAnalysis: 'New analysis',
      pasteText: 'Paste text',
      text: 'Text',
      analyse: 'Analyse',
      processed: 'Processed',
      create: 'Create',
      save: 'Save',
    },
  },
] as const;

for (const language of LANGUAGES) {
  test(`every page says its words in ${language.locale} only`, CONSOLE_ONLY, async ({ page, context }) => {
    test.setTimeout(10 * 60_000);
    await context.addInitScript((locale) => window.localStorage.setItem('locale', locale), language.locale);
    await language.signIn(page);
    const organisationPath = new URL(page.url()).pathname;
    const environmentPath = await representativeEnvironment(page, language.labels);
    const findings: Finding[] = [];
    const visited = new Set<string>();
    const walk = async (path: string) => {
      if (visited.has(path)) return;
      visited.add(path);
      await page.goto(path);
      const found = await findOnPage(page, language.pattern, DATA);
      if (found) findings.push(found);
    };

    await page.goto(organisationPath);
    for (const link of await menuLinks(page, language.menus.organisation)) await walk(link);
    await walk(organisationPath);
    for (const account of ['/profile', '/profile/password', '/utils/local-storage-cleaner'])
      await walk(account);

    const projectPath = environmentPath.replace(/\/environment\/.*$/, '');
    await page.goto(projectPath);
    for (const link of await menuLinks(page, language.menus.project)) await walk(link);
    await page.goto(`${projectPath}/testing-center/messages-bank`);
    for (const link of await menuLinks(page, language.menus.testingCentre)) await walk(link);

    await page.goto(environmentPath);
    for (const link of await menuLinks(page, language.menus.environment)) await walk(link);
    for (const section of CONFIGURATION_SECTIONS)
      await walk(`${environmentPath}/configuration?section=${section}`);
    await page.goto(`${environmentPath}/modules`);
    await settled(page);
    const moduleLinks = await page
      .locator('main a[href*="/modules/"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    for (const link of new Set(moduleLinks)) await walk(link);

    // Saves the server refuses: its reasons are said in the user's language too.
    for (const [section, taken] of REFUSED_SAVES) {
      await page.goto(`${environmentPath}/configuration?section=${section}`);
      await page.getByRole('button', { name: language.labels.create, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: language.labels.name, exact: true }).fill(taken);
      await dialog.getByRole('button', { name: language.labels.save, exact: true }).click();
      await expect(dialog.getByRole('alert').or(dialog.locator('.Mui-error')).first()).toBeVisible();
      const found = await findOnPage(page, language.pattern, [...DATA, taken]);
      if (found) findings.push({ ...found, url: `${found.url} (refused save)` });
    }

    // The analysis's result, tab by tab.
    await page.goto(`${environmentPath}/analyses`);
    await page.getByRole('row', { name: /Walk analysis/ }).click();
    await expect(page).toHaveURL(/\/analyses\/[0-9a-f-]{36}/);
    for (const tab of language.tabs) {
      const control = page.getByRole('tab', { name: tab, exact: true });
      if (!(await control.count())) continue;
      await control.click();
      const found = await findOnPage(page, language.pattern, DATA);
      if (found) findings.push({ ...found, url: `${found.url} (${tab})` });
    }

    expect(visited.size, 'pages walked').toBeGreaterThan(30);
    expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
  });
}
