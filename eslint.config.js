import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Imports flow one way (DESIGN.md section 2):
 * contract <- src/api <- src/features <- src/routes; a feature never imports another
 * feature; the server imports contract, never src.
 */
const FEATURES = ['auth', 'notice', 'home', 'tender', 'enquiry', 'communication', 'supplier', 'visit', 'visitor', 'outbox', 'receipt'];
// The portal loads the wire texts of one language at a time (src/locales/wire.ts); a value import
// of contract/messages.ts would bring all three into its chunks. Types are fine.
const WIRE_TEXTS = {
  name: '@contract/messages',
  allowTypeImports: true,
  message: 'Show wire texts with `message` from @/locales/wire (one language loaded at a time); import only types from @contract/messages.',
};
const ban = (files, patterns, paths = files.some((f) => f.startsWith('src/')) ? [WIRE_TEXTS] : []) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths,
        patterns: patterns.map((group) => ({
          group: [group],
          message: 'Imports flow one way: contract <- api <- features <- routes (DESIGN.md section 2).',
        })),
      },
    ],
  },
});

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-ssr',
      'node_modules',
      'data',
      'src/routeTree.gen.ts',
      'dev-dist',
      'playwright-report',
      'test-results',
      'bench-results',
      '.tmp',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['scripts/**/*.mjs', 'server/**/*.mjs', '*.config.{js,ts}'], languageOptions: { globals: globals.node } },
  // Promises nobody awaits or catches, and async functions handed to a caller that ignores what
  // they return (an onClick, an event listener): their rejections go unreported, and in a test an
  // `expect(...).rejects` not awaited checks nothing. Both rules need the types, which cost the
  // lint about as much again as `tsc`, so they run only where promises live: contract/ holds
  // schemas and pure rules, with no promise; the .mjs scripts are not in tsconfig.json's program.
  {
    files: ['**/*.{ts,tsx,mts}'],
    ignores: ['contract/**'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  // The recommended set (with the React Compiler's checks: refs, set-state-in-effect, purity...); lint runs with --max-warnings 0.
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: { ...reactHooks.configs.flat.recommended.rules, 'react-hooks/exhaustive-deps': 'error' },
  },
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  ban(['contract/**'], ['**/src/**', '@/*', '**/server/**']),
  // contract/zod.ts sets zod up for the portal's CSP before any schema is built.
  {
    files: ['contract/**'],
    ignores: ['contract/zod.ts', 'contract/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'Import z from contract/zod.ts (jitless in browsers, for the CSP).' }],
          patterns: ['**/src/**', '@/*', '**/server/**'].map((group) => ({
            group: [group],
            message: 'Imports flow one way: contract <- api <- features <- routes (DESIGN.md section 2).',
          })),
        },
      ],
    },
  },
  ban(['server/**'], ['**/src/**', '@/*']),
  ban(['src/**'], []),
  ban(['src/api/**', 'src/ui/**', 'src/offline/**', 'src/locales/**'], ['@/features/*', '@/routes/*', '**/features/**', '**/routes/**']),
  ...FEATURES.map((name) =>
    ban(
      [`src/features/${name}/**`],
      [
        ...FEATURES.filter((other) => other !== name).flatMap((other) => [`@/features/${other}/*`, `**/features/${other}/**`]),
        '@/routes/*',
        '**/routes/**',
      ],
    ),
  ),
);
