import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cycles, importChain, serverImports } from '../scripts/server-folders.mjs';

// The layout's rules that the lint cannot see (docs/decisions/layout-feature-folders.md): no server
// folder imports another in a cycle, route files leave SQL to their feature's repository, and the
// README's "Where things are" names every folder.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });

/** A file that registers Fastify routes: `app.get('/…'`, `app.route({`, `contractRoute(app, …)`. */
const ROUTE_REGISTRATION =
  /\b(?:app|scope|instance)\.(?:get|post|put|patch|delete|route)(?:<[^>]*>)?\(\s*['"`{]|\bcontractRoute\(\s*app\b/;

/**
 * SQL statements as the code writes them (keywords in capitals, a table after them), not the words
 * of a message: "select a file from the list" is none of these.
 */
const SQL = [
  /\bSELECT\s(?:(?!\bSELECT\b)[\s\S]){0,2000}?\bFROM\s+[a-z_"(]/,
  /\bINSERT\s+INTO\s+[a-z_"]/,
  /\bUPDATE\s+[a-z_"]+\s+SET\b/,
  /\bDELETE\s+FROM\s+[a-z_"]/,
];

const hasSql = (text: string) => SQL.some((re) => re.test(text));

const routeFiles = () =>
  sourceFiles(path.join(root, 'server'))
    .filter((f) => ROUTE_REGISTRATION.test(fs.readFileSync(f, 'utf8')))
    .map((f) => path.relative(root, f).split(path.sep).join('/'));

describe('the server layout', () => {
  it('finds the parts that import each other in a circle (the check itself works)', () => {
    const graph = (pairs: string[]) => {
      const edges = new Map<string, Set<string>>();
      for (const pair of pairs) {
        const [from, to] = pair.split('>');
        edges.set(from, (edges.get(from) ?? new Set()).add(to));
      }
      return edges;
    };
    expect(cycles(graph(['a>b', 'b>c', 'c>a', 'c>d', 'd>e']))).toEqual([['a', 'b', 'c']]);
    expect(cycles(graph(['a>b', 'b>c', 'a>c']))).toEqual([]);
    expect(importChain(graph(['a>b', 'b>c', 'c>a']), 'b', 'a')).toEqual(['b', 'c', 'a']);
  });

  it('has no server folder importing another in a circle: features stack, the kernel at the bottom', () => {
    const edges = serverImports(root);
    expect(edges.get('analyses/')?.size).toBeGreaterThan(5);
    expect(cycles(edges)).toEqual([]);
  });

  it('tells SQL from the words of a message', () => {
    expect(hasSql('db.query(`SELECT id, name\n  FROM analyses WHERE id = $1`)')).toBe(true);
    expect(hasSql("'INSERT INTO webhooks (id) VALUES ($1)'")).toBe(true);
    expect(hasSql("'UPDATE outbox SET status = $2'")).toBe(true);
    expect(hasSql("'DELETE FROM sessions WHERE id = $1'")).toBe(true);
    expect(hasSql("message: 'Select a file from the list, then update the settings'")).toBe(false);
  });

  it('keeps SQL out of the route files: routes call their feature repository', () => {
    const files = routeFiles();
    expect(files.length).toBeGreaterThan(10);
    const withSql = files.filter((f) => hasSql(fs.readFileSync(path.join(root, f), 'utf8')));
    expect(withSql).toEqual([]);
  });

  it('names every top-level folder of the server and the console in the README\'s "Where things are"', () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const section = readme.split(/^## Where things are$/m)[1]?.split(/^## /m)[0] ?? '';
    // The section's entries: a line that starts at the margin opens one (`server/ …`, `src/ …`).
    const entries = new Map<string, string>();
    let current = '';
    for (const line of section.split('\n')) {
      const top = /^([a-z][\w.-]*)\/\s/.exec(line);
      if (top) current = top[1];
      if (current) entries.set(current, `${entries.get(current) ?? ''}\n${line}`);
    }
    const missing = ['server', 'src'].flatMap((top) => {
      const text = entries.get(top) ?? '';
      return fs
        .readdirSync(path.join(root, top), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .filter((name) => !new RegExp(`(?<![\\w/.-])${name.replace(/[.-]/g, '\\$&')}/`).test(text))
        .map((name) => `${top}/${name}/`);
    });
    expect(missing).toEqual([]);
  });
});
