import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN } from './support/constants';
import { signInEn } from './support/pages';

/**
 * Spec §4 ("unsaved changes trigger a leave warning with three choices";
 * docs/decisions/console-unsaved-changes.md): every editing page of the console, visited as the
 * demo administrator on the demo data, asks before leaving.
 *
 * How the list was made: from the route table (src/routing/appRoutes.tsx), every page whose
 * component writes something — a generic resource's create or edit form (SchemaForm: the pages of
 * their own, and the lists that open create and edit in a dialog), or a form of its own (grep for
 * `useUnsavedChangesGuard` and for pages that call a create or update contract). Pages that only
 * read (dashboard, analyses, audit log, consumption, error log, versions' differences, tests'
 * scores), act at once without a form to fill (profile preferences, impersonation, module order,
 * import-export, NLU and extractor test pages) or belong to sign-in (login, passwords forgotten or
 * reset, invitation) are not editing pages. Light accounts' self-service is not the admin's. The
 * opt-in modules' settings pages (OCR data, post-processing, vision engine, consolidation) are the
 * same ModuleSettingsPage as those visited, but the demo environment has not added them. The
 * environment settings page is visited twice: for its form, and for the own-LLM card beside it,
 * which saves on its own (the page's guards answer together: the router consults one blocker).
 *
 * For each page: change a field, click the product name in the app bar (a router navigation, as
 * any link), see the dialog; "Stay" keeps the edit; then "Leave without saving" goes. Nothing is
 * saved, so the shared demo data stays as it was.
 */
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem('locale', 'en'));
});

interface EditingPage {
  /** What the test says when this page fails. */
  name: string;
  /** The address, under the scope: `{orga}`, `{project}` and `{env}` are the demo's. */
  path: string;
  /** Opens the form and answers where it is; the page's main area by default. */
  open?: (page: Page) => Promise<Locator>;
  /**
   * A form in a dialog is left by its Cancel (the page behind it is out of reach); a page's form by
   * a link of the app bar.
   */
  inDialog?: boolean;
  /** Changes a field; answers a check that the change is still there. Fills the first text box by default. */
  change?: (form: Locator) => Promise<() => Promise<void>>;
}

const MARK = 'Unsaved e2e';

/** Fills the form's first input (a text or number box, or a code editor); answers how to see it again. */
const fillFirstText = async (form: Locator) => {
  const box = form
    .locator(
      'input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([aria-hidden=true]):not([disabled]):not([data-stale]), textarea:not([aria-hidden=true]):not([data-stale]), [contenteditable=true]:not([data-stale])',
    )
    .filter({ visible: true })
    .first();
  await box.click();
  const editable = await box.evaluate((el) => (el as HTMLElement).isContentEditable);
  const value = (await box.getAttribute('type')) === 'number' ? '42' : MARK;
  if (editable) await box.pressSequentially(value);
  else await box.fill(value);
  return async () => {
    if (editable) await expect(box).toContainText(value);
    else await expect(box).toHaveValue(value);
  };
};

/**
 * Opens an address inside the running console (a router navigation, as a link does), not by
 * reloading it: one sign-in and one download for the whole walk.
 */
const visit = async (page: Page, path: string) => {
  await page.evaluate((url) => {
    // What the page before showed is not taken for this page's while it loads.
    for (const element of document.querySelectorAll(
      'main input, main textarea, main [contenteditable], main button',
    ))
      element.setAttribute('data-stale', '');
    window.history.pushState(null, '', url);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
};

/** Clicks what opens a form dialog until the dialog shows (the list may still be rendering). */
const openDialog = async (page: Page, opener: Locator) => {
  const dialog = page.getByRole('dialog');
  await expect(async () => {
    if (!(await dialog.isVisible())) await opener.click({ timeout: 2_000 });
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  return dialog;
};

/** The list's "Create" opens the generated create form in a dialog. */
const createDialog = (page: Page) =>
  openDialog(page, page.getByRole('main').getByRole('button', { name: 'Create', exact: true }).first());

/** The list's first row opens the generated edit form in a dialog. */
const editDialog = (page: Page) =>
  openDialog(page, page.getByRole('main').getByRole('row').nth(1).getByRole('cell').nth(1));

const main = async (page: Page) => {
  const area = page.getByRole('main');
  await expect(
    area
      .locator('button:not([data-stale])')
      .filter({ hasText: /^Save|^Create the environment|^Change/ })
      .first(),
  ).toBeVisible();
  return area;
};

const tab = (name: string) => async (page: Page) => {
  await page.getByRole('tab', { name }).click();
  return main(page);
};

const configuration = (section: string) => `{env}/configuration?section=${section}`;

const PAGES: EditingPage[] = [
  // Private layout.
  { name: 'change password', path: '/profile/password' },
  // Organisation layout.
  { name: 'organisation settings', path: '{orga}/settings' },
  { name: 'invite a user', path: '{orga}/invite-user' },
  { name: 'create a user', path: '{orga}/create-user' },
  {
    name: 'edit a user',
    path: '{orga}?tab=members',
    open: async (page) => {
      await page.getByRole('main').getByRole('row').nth(1).getByRole('cell').nth(1).click();
      await expect(page).toHaveURL(/\/edit-user\//);
      return main(page);
    },
  },
  { name: 'new project', path: '{orga}/project-new' },
  // Project layout.
  {
    name: 'project settings',
    path: '{project}',
    open: async (page) => {
      await page.getByRole('button', { name: 'Rename or edit notes' }).click();
      return page.getByRole('dialog');
    },
    inDialog: true,
  },
  { name: 'new environment from scratch', path: '{project}/env-new' },
  {
    name: 'new environment from a template',
    path: '{project}/env-new',
    open: tab('From a use-case template'),
  },
  { name: 'new environment from a file', path: '{project}/env-new', open: tab('From a configuration file') },
  // Testing centre.
  {
    name: 'bank message',
    path: '{project}/testing-center/messages-bank',
    open: createDialog,
    inDialog: true,
  },
  {
    name: 'domain module',
    path: '{project}/testing-center/messages-bank/parameters',
    open: createDialog,
    inDialog: true,
  },
  {
    name: 'domain rule',
    path: '{project}/testing-center/messages-bank/domain-rules',
    open: createDialog,
    inDialog: true,
  },
  // Environment layout.
  { name: 'environment settings', path: '{env}/env-management/settings' },
  {
    name: 'environment settings, own LLM endpoint',
    path: '{env}/env-management/settings',
    open: async (page) => {
      await main(page);
      const card = page.getByRole('region', { name: 'The environment’s LLM endpoint' });
      await expect(card.getByRole('textbox', { name: 'Base address' })).toBeVisible();
      return card;
    },
  },
  { name: 'access key', path: '{env}/env-management/access-keys', open: createDialog, inDialog: true },
  { name: 'webhook', path: '{env}/env-management/webhooks', open: createDialog, inDialog: true },
  { name: 'extractor settings', path: '{env}/extractor' },
  { name: 'server (create)', path: configuration('servers'), open: createDialog, inDialog: true },
  { name: 'context (create)', path: configuration('contexts'), open: createDialog, inDialog: true },
  { name: 'archetype (create)', path: configuration('archetypes'), open: createDialog, inDialog: true },
  { name: 'archetype (edit)', path: configuration('archetypes'), open: editDialog, inDialog: true },
  { name: 'interaction (create)', path: configuration('interactions'), open: createDialog, inDialog: true },
  { name: 'interaction (edit)', path: configuration('interactions'), open: editDialog, inDialog: true },
  {
    name: 'interaction function (create)',
    path: configuration('interaction-functions'),
    open: createDialog,
    inDialog: true,
  },
  { name: 'category (create)', path: configuration('categories'), open: createDialog, inDialog: true },
  { name: 'category (edit)', path: configuration('categories'), open: editDialog, inDialog: true },
  {
    name: 'extraction field (create)',
    path: configuration('extraction-fields'),
    open: createDialog,
    inDialog: true,
  },
  {
    name: 'languages',
    path: configuration('languages'),
    change: async (form) => {
      const box = form.getByRole('checkbox').first();
      const was = await box.isChecked();
      await box.click();
      return async () => expect(box).toBeChecked({ checked: !was });
    },
  },
  { name: 'advanced categorisation', path: configuration('advanced-categorisation') },
  { name: 'information extraction', path: '{env}/extraction', open: createDialog, inDialog: true },
  { name: 'reply template (create)', path: '{env}/reply-templates', open: createDialog, inDialog: true },
  { name: 'reply template (edit)', path: '{env}/reply-templates', open: editDialog, inDialog: true },
  { name: 'categorisation module', path: '{env}/modules/categorization' },
  { name: 'extraction module', path: '{env}/modules/extraction' },
  { name: 'output module', path: '{env}/modules/output' },
];

test('every editing page asks before leaving with unsaved changes, and "stay" keeps the edit', async ({
  page,
}) => {
  // Many pages in one test: with two end-to-end workers sharing two cores, each page takes longer.
  test.setTimeout(360_000);
  await signInEn(page, E2E_ADMIN);
  const orga = new URL(page.url()).pathname.match(/\/orga\/[0-9a-f-]{36}/)![0];
  await page
    .getByRole('link', { name: /^Service client/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}/);
  const project = new URL(page.url()).pathname.match(/\/project\/[0-9a-f-]{36}/)![0];
  await page
    .getByRole('link', { name: /^Production/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/environment\/[0-9a-f-]{36}/);
  const env = new URL(page.url()).pathname.match(/\/project\/[0-9a-f-]{36}\/environment\/[0-9a-f-]{36}/)![0];

  const product = page.getByRole('banner').getByRole('link', { name: 'Console' });
  const warning = page.getByRole('dialog', { name: 'Unsaved changes' });
  for (const editing of PAGES) {
    await test.step(editing.name, async () => {
      const path = editing.path.replace('{orga}', orga).replace('{project}', project).replace('{env}', env);
      await visit(page, path);
      const form = await (editing.open ?? main)(page);
      const stillChanged = await (editing.change ?? fillFirstText)(form);
      const here = page.url();
      const leave = () =>
        editing.inDialog ? form.getByRole('button', { name: 'Cancel' }).click() : product.click();
      await leave();
      await expect(warning).toBeVisible();
      await warning.getByRole('button', { name: 'Stay' }).click();
      await expect(warning).toBeHidden();
      expect(page.url()).toBe(here);
      await stillChanged();
      await leave();
      await warning.getByRole('button', { name: 'Leave without saving' }).click();
      if (editing.inDialog) await expect(form.getByRole('button', { name: 'Save' })).toBeHidden();
      else await expect(page).not.toHaveURL(here);
    });
  }
});
