// One flat config for the console (src/), the server (server/), the shared schemas and the tests.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { noFolderCycle } from './scripts/server-folders.mjs';

/**
 * Import restrictions that keep a server folder to what it may use: a relative import that leaves
 * `server/<folder>/` must land in one of `serverFolders` (server/<name>/) or `rootFolders`
 * (<name>/ at the project's root). One block per depth, since a relative specifier's target
 * depends on where the importing file sits. Package imports are not concerned.
 */
const confinedTo = (folder, serverFolders, rootFolders, message, depths = 4) =>
  Array.from({ length: depths }, (_, i) => {
    const up = i + 1; // the number of '../' that reaches server/ from a file at this depth
    const allowedServer = [folder, ...serverFolders].map((n) => `${n}/`).join('|');
    const allowedRoot = rootFolders.map((n) => `${n}/`).join('|');
    return {
      files: [`server/${folder}/${'*/'.repeat(i)}*.ts`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              { regex: `^(\\.\\./){${up}}(?!\\.\\./)(?!(${allowedServer}))`, message },
              { regex: `^(\\.\\./){${up + 1}}(?!\\.\\./)(?!(${allowedRoot}))`, message },
              { regex: `^(\\.\\./){${up + 2}}`, message },
            ],
          },
        ],
      },
    };
  });

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-server/',
      'data/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      '.tmp/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Dependencies point one way (DESIGN.md §3): the server never imports the console and vice versa.
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/src/*', '../src/*'] }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/*', '../server/*'] }] },
  },
  {
    // Features stack over the kernel (docs/decisions/layout-feature-folders.md): an import from one
    // server folder into another that leads back to the first fails, with the chain it closes.
    files: ['server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { server: { rules: { 'no-folder-cycle': noFolderCycle } } },
    rules: { 'server/no-folder-cycle': 'error' },
  },
  // The engine is pure (DESIGN.md §3; docs/decisions/layout-feature-folders.md): it owns the types
  // of its configuration and imports only itself, the shared schemas and the template engine; the
  // features that read the database fill its shapes.
  ...confinedTo(
    'pipeline',
    ['templates'],
    ['schemas'],
    'server/pipeline/ imports only itself, schemas/ and server/templates/: declare the shape in the pipeline and let the feature fill it',
  ),
  // The kernel is what every feature uses (configuration, logger, database, queue, signals, HTTP
  // helpers, outbound requests): it imports no feature, so that no feature is tied to another through it.
  ...confinedTo(
    'kernel',
    [],
    ['schemas'],
    'server/kernel/ imports only itself and schemas/: a feature registers with the kernel, the kernel does not import it',
  ),
  {
    // The code every analysed text runs through. The server runs under tsx, whose esbuild transform
    // keeps function names: a named function made inside a function ('const f = () => …', a
    // function declaration, an arrow as an object property) costs an Object.defineProperty on every
    // call. In these files that was a fifth of the language stages' time
    // (docs/decisions/nlu-no-named-closures-in-hot-files.md): declare such helpers at module level,
    // or pass the arrow straight as an argument.
    files: [
      'server/pipeline/*.ts',
      'server/pipeline/nlu/{analyse,archetype-matches,builtins,digit-scan,functions,fuzzy,interactions,language,stage,text,word-entries,word-prefixes,word-table}.ts',
      'server/pipeline/{categorisation,extraction,output}/*.ts',
    ],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          ':function VariableDeclarator > :matches(ArrowFunctionExpression, FunctionExpression).init',
          ':function FunctionDeclaration',
          ':function Property[method=false] > :matches(ArrowFunctionExpression, FunctionExpression).value',
        ].map((selector) => ({
          selector,
          message:
            'A named function made per call costs a defineProperty per call under tsx: declare it at module level, or pass it inline',
        })),
      ],
    },
  },
);
