import { defineConfig } from '@lingui/cli';

/**
 * zh-CN is the source language: messages are written in Chinese in the code.
 *
 * Six catalogs: `messages` for the app shell and every screen a first visit may need,
 * `tender` for the tender screens, `enquiry` for the inquiry and bargaining screens, `visit`
 * for the visit application screens, `home` for the to-do list and message center and
 * `receipt` for the /verify page, each
 * loaded with its routes (`loadArea` in src/locales/i18n.ts), so the first load of /login does
 * not carry the texts of bid management or bargaining.
 */
const notTests = ['**/*.test.*', '**/node_modules/**'];
const tender = ['<rootDir>/src/features/tender/**'];
const enquiry = ['<rootDir>/src/features/enquiry/**'];
const visit = ['<rootDir>/src/features/visit/**'];
const home = ['<rootDir>/src/features/home/**'];
const receipt = ['<rootDir>/src/features/receipt/**'];

export default defineConfig({
  sourceLocale: 'zh-CN',
  locales: ['zh-CN', 'en', 'vie'],
  fallbackLocales: { default: 'zh-CN' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: [...notTests, ...tender, ...enquiry, ...visit, ...home, ...receipt],
    },
    { path: '<rootDir>/src/locales/{locale}/tender', include: tender, exclude: notTests },
    { path: '<rootDir>/src/locales/{locale}/enquiry', include: enquiry, exclude: notTests },
    { path: '<rootDir>/src/locales/{locale}/visit', include: visit, exclude: notTests },
    { path: '<rootDir>/src/locales/{locale}/home', include: home, exclude: notTests },
    { path: '<rootDir>/src/locales/{locale}/receipt', include: receipt, exclude: notTests },
  ],
  format: 'po',
});
