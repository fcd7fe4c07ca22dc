import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'server/src/db/generated/**', 'data/**', 'e2e/artifacts/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Browsers must get zod jitless before a schema is built: contract/src/zod.ts sees to it.
    files: ['contract/src/**/*.ts'],
    ignores: ['contract/src/zod.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['zod', 'zod/*'], message: "Import z from './zod.js' (jitless in browsers, see that file)." }] }],
    },
  },
);
