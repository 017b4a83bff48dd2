import { defineConfig } from '@lingui/cli';

/**
 * zh-CN is the source language: messages are written in Chinese in the code.
 *
 * Five catalogs: `messages` for the app shell and every screen a first visit may need,
 * `tenders` for the tender screens, `enquiries` for the inquiry and bargaining screens, `visits`
 * for the visit application screens and `home` for the to-do list and message center, each
 * loaded with its routes (`loadArea` in src/locales/i18n.ts), so the first load of /login does
 * not carry the texts of bid management or bargaining.
 */
const notTests = ['**/*.test.*', '**/node_modules/**'];
const tenders = ['<rootDir>/src/features/tenders/**'];
const enquiries = ['<rootDir>/src/features/enquiries/**'];
const visits = ['<rootDir>/src/features/visits/**'];
const home = ['<rootDir>/src/features/home/**'];

export default defineConfig({
  sourceLocale: 'zh-CN',
  locales: ['zh-CN', 'en', 'vie'],
  fallbackLocales: { default: 'zh-CN' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: [...notTests, ...tenders, ...enquiries, ...visits, ...home],
    },
    { path: '<rootDir>/src/locales/{locale}/tenders', include: tenders, exclude: notTests },
    { path: '<rootDir>/src/locales/{locale}/enquiries', include: enquiries, exclude: notTests },
    { path: '<rootDir>/src/locales/{locale}/visits', include: visits, exclude: notTests },
    { path: '<rootDir>/src/locales/{locale}/home', include: home, exclude: notTests },
  ],
  format: 'po',
});
