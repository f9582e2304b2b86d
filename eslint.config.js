// One flat config for the console (src/), the server (server/), the shared schemas and the tests.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'dist-server/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/', '.tmp/'] },
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
