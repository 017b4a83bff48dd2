import { defineConfig } from '@lingui/cli';

/**
 * zh-CN is the source language: messages are written in Chinese in the code.
 *
 * Two catalogs: `messages` for the app shell and every screen a first visit may need, and
 * `tenders` for the tender screens, loaded with their routes (src/locales/areas.ts), so the
 * first load of /login does not carry the texts of bid management.
 */
const notTests = ['**/*.test.*', '**/node_modules/**'];
const tenders = ['<rootDir>/src/features/tenders/**'];

export default defineConfig({
  sourceLocale: 'zh-CN',
  locales: ['zh-CN', 'en', 'vie'],
  fallbackLocales: { default: 'zh-CN' },
  catalogs: [
    { path: '<rootDir>/src/locales/{locale}/messages', include: ['<rootDir>/src'], exclude: [...notTests, ...tenders] },
    { path: '<rootDir>/src/locales/{locale}/tenders', include: tenders, exclude: notTests },
  ],
  format: 'po',
});
