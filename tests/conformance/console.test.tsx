import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resourceSchemas } from '../../schemas';
import { defineResourceSchema } from '../../schemas/_defs/admin';
import type { ResourceSchema } from '../../schemas';
import { en } from '../../src/i18n/en';
import { describeResource } from '../../src/resources/describeResource';
import { resourceLabels } from '../../src/resources/labels';
import type { ResourceDescriptor, RouteScope } from '../../src/resources/types';
import { json } from '../../src/test/fakeApi';
import { fakeRest } from '../../src/test/fakeRest';
import { makeUser } from '../../src/test/fixtures';
import { resetBrowserState } from '../../src/test/renderConsole';
import { renderResourceView } from '../../src/test/renderResourceView';
import { clearCode, typeCode } from '../../src/test/codeEditor';
import { requiredFields } from '../../schemas/_defs/conditions';
import type { FieldDescriptor } from '../../src/resources/types';
import { contraptionSchema } from '../api/support/throwaway-schemas';
import { hiddenFields, holds, sampleRecord } from './sampleRecord';

/**
 * DESIGN.md §4: adding a resource = adding its schema. For every schema, the generated list, create,
 * edit and show views render with their translated labels and round-trip a record through the API.
 */

const staff = makeUser({ role: 'staff' });
const scope: RouteScope = { organisationId: 'o1', projectId: 'p1', environmentId: 'e1' };

/** The English label the views must show (en.ts), or the readable fallback for an untranslated resource. */
const englishLabel = (resource: ResourceDescriptor, field: string) =>
  resourceLabels((key, options) => {
    const found = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
    return typeof found === 'string' ? found : String(options?._ ?? key);
  }, resource).field(field);

const setup = (resource: ResourceDescriptor) => {
  const record = sampleRecord(resource.schema, 'r1');
  const rest = fakeRest(resource.apiResource(resource.scopeIdOf(scope)), [record]);
  return { record, rest };
};

const conformance = (resource: ResourceDescriptor) => {
  it('lists records under the translated x-admin columns', async () => {
    const { rest } = setup(resource);
    renderResourceView(<resource.list resource={resource} scope={scope} />, {
      routes: rest.routes,
      user: staff,
    });
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    for (const column of resource.hints.listColumns)
      expect(headers).toContain(englishLabel(resource, column));
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    const filter = JSON.parse(rest.requests[0].url.searchParams.get('filter') ?? '{}') as unknown;
    expect(filter).toEqual(resource.scopeFilter(resource.scopeIdOf(scope)));
  });

  it('shows every field of a record with its label', async () => {
    const { rest, record } = setup(resource);
    renderResourceView(<resource.show resource={resource} scope={scope} id="r1" />, {
      routes: rest.routes,
      user: staff,
    });
    for (const field of resource.fields)
      expect(await screen.findByText(englishLabel(resource, field.name))).toBeInTheDocument();
    const representation = record[resource.hints.recordRepresentation];
    if (typeof representation === 'string') expect(screen.getByText(representation)).toBeInTheDocument();
  });

  // A resource without this operation has no such view to test (invitations are never edited).
  if (resource.operations.has('create'))
    it('creates: a labelled input per writable field, the required ones checked first', async () => {
      const user = userEvent.setup();
      const { rest } = setup(resource);
      renderResourceView(<resource.create resource={resource} scope={scope} />, {
        routes: rest.routes,
        user: staff,
      });
      await screen.findByRole('button', { name: 'Save' });
      // Fields that go with another choice than the defaults' (an `if`'s branch) are not shown yet;
      // a field shown for some values only (`ui:options.when`, an alert's kind) is its page's to test.
      const hidden = hiddenFields(resource.schema, {});
      const conditional = (name: string) =>
        (resource.hints.uiSchema?.[name] as { 'ui:options'?: { when?: unknown } } | undefined)?.['ui:options']
          ?.when !== undefined;
      const shown = (f: FieldDescriptor) => !f.readOnly && !f.hiddenInForms && !hidden.has(f.name);
      for (const field of resource.fields.filter((f) => shown(f) && !conditional(f.name))) {
        expect(screen.getAllByText(englishLabel(resource, field.name)).length).toBeGreaterThan(0);
      }
      for (const field of resource.fields.filter((f) => !shown(f) && !conditional(f.name))) {
        expect(screen.queryByText(englishLabel(resource, field.name))).not.toBeInTheDocument();
      }
      await user.click(screen.getByRole('button', { name: 'Save' }));
      const needed = requiredFields(resource.schema, {}, holds);
      const required = resource.fields.filter(
        (field) => needed.has(field.name) && shown(field) && field.schema.default === undefined,
      );
      if (required.length > 0) expect(await screen.findAllByText('Required')).toHaveLength(required.length);
      expect(rest.requests.filter((request) => request.method === 'POST')).toEqual([]);
    });

  // A resource without this operation has no such view to test (invitations are never edited).
  if (resource.operations.has('edit'))
    it('edits: loads the record and saves it back without its read-only fields', async () => {
      const user = userEvent.setup();
      const { rest, record } = setup(resource);
      renderResourceView(<resource.edit resource={resource} scope={scope} id="r1" />, {
        routes: rest.routes,
        user: staff,
      });
      await user.click(await screen.findByRole('button', { name: 'Save' }));
      await waitFor(() => expect(rest.requests.some((request) => request.method === 'PUT')).toBe(true));
      const writable = Object.fromEntries(
        resource.fields.filter((f) => !f.readOnly && f.name in record).map((f) => [f.name, record[f.name]]),
      );
      expect(rest.requests.find((request) => request.method === 'PUT')?.body).toEqual(writable);
    });
};

beforeEach(resetBrowserState);

describe.each(resourceSchemas.map((schema) => [schema['x-admin'].path, schema] as const))(
  'generated views of %s',
  (_path, schema: ResourceSchema) => conformance(describeResource(schema)),
);

/** A resource no other file knows about: no translations, no page, no override. */
const gadgetSchema = defineResourceSchema({
  $id: 'gadget',
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string', minLength: 1, maxLength: 40 },
    colour: { type: 'string', enum: ['red', 'blue'], default: 'blue' },
    stockCount: { type: 'integer', minimum: 0 },
    active: { type: 'boolean', default: true },
    createdAt: { type: 'string', format: 'date-time' },
  },
  'x-admin': {
    scope: 'project',
    path: 'gadgets',
    storage: 'document',
    listColumns: ['name', 'colour', 'stockCount', 'active'],
    searchFields: ['name'],
    filters: ['colour', 'active'],
    recordRepresentation: 'name',
    menu: false,
    access: { read: 'cockpit', write: 'configurator' },
    readOnly: ['id', 'createdAt'],
  },
});

describe('a throwaway resource defined by its schema alone', () => {
  const gadgets = describeResource(gadgetSchema);
  conformance(gadgets);

  it('creates a gadget through the API at its nested address, with its defaults', async () => {
    const user = userEvent.setup();
    const rest = fakeRest('projects/p1/gadgets', []);
    renderResourceView(<gadgets.create resource={gadgets} scope={scope} />, {
      routes: rest.routes,
      user: staff,
    });
    await user.type(await screen.findByRole('textbox', { name: /Name/ }), 'Sprocket');
    await user.type(screen.getByRole('spinbutton', { name: 'Stock count' }), '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(rest.records).toHaveLength(1));
    expect(rest.records[0]).toEqual({
      id: 'created-1',
      name: 'Sprocket',
      colour: 'blue',
      stockCount: 3,
      active: true,
    });
  });
});

/** A throwaway resource that names another by name: its form picks among that resource's records. */
const gizmoSchema = defineResourceSchema({
  $id: 'gizmo',
  type: 'object',
  additionalProperties: false,
  required: ['name', 'archetype'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string', minLength: 1, maxLength: 40 },
    archetype: { type: 'string', minLength: 1 },
  },
  'x-admin': {
    scope: 'environment',
    path: 'gizmos',
    storage: 'document',
    listColumns: ['name', 'archetype'],
    searchFields: ['name'],
    recordRepresentation: 'name',
    menu: false,
    access: { read: 'configurator', write: 'configurator' },
    readOnly: ['id'],
    uiSchema: {
      archetype: { 'ui:widget': 'reference', 'ui:options': { reference: 'archetypes', by: 'name' } },
    },
  },
});

describe('a throwaway resource with a reference field (forms that know their references)', () => {
  const gizmos = describeResource(gizmoSchema);

  it('picks the reference among the referenced records, and the built-in archetypes, by name', async () => {
    const user = userEvent.setup();
    const rest = fakeRest('environments/e1/gizmos', []);
    const archetypes = fakeRest('environments/e1/archetypes', [{ id: 'a1', name: 'cancel' }]);
    renderResourceView(<gizmos.create resource={gizmos} scope={scope} />, {
      routes: {
        ...rest.routes,
        ...archetypes.routes,
        'GET /v4/console/api/environments/e1/builtin-archetypes': json([
          { name: 'date', description: 'A date', examples: ['12/03/2024'] },
        ]),
      },
      user: staff,
    });
    await user.type(await screen.findByRole('textbox', { name: /Name/ }), 'Widget');
    await user.click(await screen.findByRole('combobox', { name: /Archetype/ }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(expect.arrayContaining(['cancel', 'date']));
    await user.click(screen.getByRole('option', { name: 'cancel' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(rest.records).toHaveLength(1));
    expect(rest.records[0]).toMatchObject({ name: 'Widget', archetype: 'cancel' });
  });
});

/** A throwaway resource with code: a Twig template, and rules whose pattern is a regex when they say so. */
const doodadSchema = defineResourceSchema({
  $id: 'doodad',
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string', minLength: 1, maxLength: 40 },
    template: { type: 'string', default: '' },
    extra: { type: 'object', default: {} },
    rules: {
      type: 'array',
      default: [],
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          kind: { type: 'string', enum: ['word', 'regex'], default: 'word' },
          pattern: { type: 'string' },
        },
      },
    },
  },
  'x-admin': {
    scope: 'environment',
    path: 'doodads',
    storage: 'document',
    listColumns: ['name'],
    searchFields: ['name'],
    recordRepresentation: 'name',
    menu: false,
    access: { read: 'configurator', write: 'configurator' },
    readOnly: ['id'],
    uiSchema: {
      template: { 'ui:widget': 'code', 'ui:options': { language: 'twig' } },
      extra: { 'ui:field': 'json' },
      rules: {
        items: {
          pattern: { 'ui:widget': 'code', 'ui:options': { language: 'regex', when: { kind: 'regex' } } },
        },
      },
    },
  },
});

describe('a throwaway resource with code fields (templates and regular expressions edited as code)', () => {
  const doodads = describeResource(doodadSchema);

  it('edits its template in a code editor, with the server’s error at its line, by declaration alone', async () => {
    const user = userEvent.setup();
    const rest = fakeRest('environments/e1/doodads', []);
    const refusal = "Line 2: The 'if' tag is never closed (endif)";
    renderResourceView(<doodads.create resource={doodads} scope={scope} />, {
      routes: {
        ...rest.routes,
        'POST /v4/console/api/environments/e1/doodads': json(
          { code: 'VALIDATION_FAILED', message: refusal, details: [{ path: 'template', message: refusal }] },
          400,
        ),
      },
      user: staff,
    });
    await user.type(await screen.findByRole('textbox', { name: /Name/ }), 'Thing');
    const template = await screen.findByRole('textbox', { name: /Template/ });
    expect(template).toHaveClass('cm-content');
    await typeCode(user, template, 'Hello{Enter}{{% if x %}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    const lines = template.querySelectorAll('.cm-line');
    await waitFor(() => expect(lines[1].querySelector('.cm-lintRange-error')).not.toBeNull());
    expect(lines[0].querySelector('.cm-lintRange-error')).toBeNull();
  });

  it('edits an item’s pattern as a regular expression only when the item says it is one', async () => {
    const user = userEvent.setup();
    const rest = fakeRest('environments/e1/doodads', [
      { id: 'd1', name: 'Thing', template: '', rules: [{ kind: 'word', pattern: 'hello' }] },
    ]);
    renderResourceView(<doodads.edit resource={doodads} scope={scope} id="d1" />, {
      routes: rest.routes,
      user: staff,
    });
    const pattern = await screen.findByRole('textbox', { name: /Pattern/ });
    expect(pattern).toHaveValue('hello');
    await user.click(screen.getByRole('combobox', { name: /Kind/ }));
    await user.click(await screen.findByRole('option', { name: /regex/i }));
    const code = await screen.findByRole('textbox', { name: /Pattern/ });
    await waitFor(() => expect(code).toHaveClass('cm-content'));
    expect(code).toHaveTextContent('hello');
  });

  it('edits a free object as JSON, sending it once it parses', async () => {
    const user = userEvent.setup();
    const rest = fakeRest('environments/e1/doodads', []);
    renderResourceView(<doodads.create resource={doodads} scope={scope} />, {
      routes: rest.routes,
      user: staff,
    });
    await user.type(await screen.findByRole('textbox', { name: /Name/ }), 'Thing');
    const extra = await screen.findByRole('textbox', { name: /Extra/ });
    await clearCode(user, extra);
    await typeCode(user, extra, '{{"channel": "mail", ');
    expect(await screen.findByText(/not valid JSON/)).toBeInTheDocument();
    // Still inside the braces the editor closed for us.
    await user.keyboard('"priority": 2');
    await waitFor(() => expect(screen.queryByText(/not valid JSON/)).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(rest.records).toHaveLength(1));
    expect(rest.records[0]).toMatchObject({ name: 'Thing', extra: { channel: 'mail', priority: 2 } });
  });
});

/** A throwaway resource with computed columns and a field holding a resource's path. */
const trinketSchema = defineResourceSchema({
  $id: 'trinket',
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string', minLength: 1, maxLength: 40 },
    origin: { type: 'string' },
    steps: {
      type: 'array',
      default: [],
      items: { type: 'object', properties: { name: { type: 'string' }, rank: { type: 'integer' } } },
    },
  },
  'x-admin': {
    scope: 'environment',
    path: 'trinkets',
    storage: 'document',
    listColumns: ['name', 'origin', 'owners', 'firstRank'],
    computedColumns: {
      owners: { referrers: 'owner', field: 'trinkets' },
      firstRank: { lowest: 'steps.rank' },
    },
    display: { origin: 'resourceName' },
    recordRepresentation: 'name',
    menu: false,
    access: { read: 'configurator', write: 'configurator' },
    readOnly: ['id'],
  },
});

describe('a throwaway resource with computed columns (lists that show what users look for)', () => {
  const trinkets = describeResource(trinketSchema);

  it('shows the columns its schema computes and a resource path as the resource’s name', async () => {
    const rest = fakeRest('environments/e1/trinkets', [
      {
        id: 't1',
        name: 'Bauble',
        origin: 'reply-templates',
        owners: ['Ann', 'Bob'],
        steps: [{ rank: 7 }, { rank: 2 }],
      },
    ]);
    renderResourceView(<trinkets.list resource={trinkets} scope={scope} />, {
      routes: rest.routes,
      user: staff,
    });
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['', 'Name', 'Origin', 'Owners', 'First rank']);
    const [, row] = within(table).getAllByRole('row');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['', 'Bauble', 'Reply template', 'Ann, Bob', '2']);
  });
});

describe('a throwaway resource whose fields depend on a choice (if/then in the schema)', () => {
  const contraptions = describeResource(contraptionSchema);
  conformance(contraptions);

  it('shows the dependent field only for its choice, and needs it there', async () => {
    const user = userEvent.setup();
    const rest = fakeRest('environments/e1/contraptions', []);
    renderResourceView(<contraptions.create resource={contraptions} scope={scope} />, {
      routes: rest.routes,
      user: staff,
    });
    await user.type(await screen.findByRole('textbox', { name: /Name/ }), 'Clock');
    expect(screen.getByRole('textbox', { name: /Note/ })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Schedule/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /Mode/ }));
    await user.click(await screen.findByRole('option', { name: /scheduled/i }));
    const schedule = await screen.findByRole('textbox', { name: /Schedule/ });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Required')).toHaveLength(1);
    expect(rest.requests.filter((request) => request.method === 'POST')).toEqual([]);
    await user.type(schedule, 'daily');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(rest.records).toHaveLength(1));
    expect(rest.records[0]).toEqual({ id: 'created-1', name: 'Clock', mode: 'scheduled', schedule: 'daily' });
  });

  it('hides the field when another choice is made, and does not send its stale value', async () => {
    const user = userEvent.setup();
    const rest = fakeRest('environments/e1/contraptions', [
      { id: 'c1', name: 'Clock', mode: 'scheduled', schedule: 'daily' },
    ]);
    renderResourceView(<contraptions.edit resource={contraptions} scope={scope} id="c1" />, {
      routes: rest.routes,
      user: staff,
    });
    expect(await screen.findByRole('textbox', { name: /Schedule/ })).toHaveValue('daily');
    await user.click(screen.getByRole('combobox', { name: /Mode/ }));
    await user.click(await screen.findByRole('option', { name: /manual/i }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /Schedule/ })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(rest.requests.some((request) => request.method === 'PUT')).toBe(true));
    expect(rest.requests.find((request) => request.method === 'PUT')?.body).toEqual({
      name: 'Clock',
      mode: 'manual',
    });
  });
});
