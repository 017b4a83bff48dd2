import { defineConfig } from '@lingui/cli';

/** zh-CN is the source language: messages are written in Chinese in the code. */
export default defineConfig({
  sourceLocale: 'zh-CN',
  locales: ['zh-CN', 'en', 'vie'],
  fallbackLocales: { default: 'zh-CN' },
  catalogs: [{ path: '<rootDir>/src/locales/{locale}/messages', include: ['<rootDir>/src'], exclude: ['**/*.test.*', '**/node_modules/**'] }],
  format: 'po',
});
