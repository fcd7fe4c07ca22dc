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
    // Application code (tests may build identifiers freely): text people read changes case and
    // sorts by Turkish rules ('ilker' → 'İLKER', not 'ILKER'); see contract/src/text-case.ts.
    files: ['{contract,server,web,player}/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.fixtures.ts', '**/testing/**', 'server/src/db/generated/**'],
    rules: {
      'no-restricted-syntax': ['error',
        {
          selector: 'CallExpression[callee.property.name=/^to(Upper|Lower)Case$/]',
          message: "Use upperTr/lowerTr from '@pano/contract/text-case' (Turkish İ/ı). For a machine identifier (e-mail, hex code), disable this line with a comment saying so.",
        },
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Upper|Lower)Case$/][arguments.length=0]',
          message: "Name the locale: use upperTr/lowerTr from '@pano/contract/text-case'.",
        },
        {
          selector: 'CallExpression[callee.property.name="localeCompare"][arguments.length<2]',
          message: "Use compareTr from '@pano/contract/text-case' for names people read; compare identifiers with < and >.",
        },
        {
          // The browser's own validation bubbles speak the browser's language ('Please fill out this field.').
          selector: 'JSXOpeningElement[name.name="form"]:not(:has(JSXAttribute[name.name="noValidate"][value=null]))',
          message: 'Every form is noValidate and checks its fields itself, with Turkish messages (see web/src/lib/form-errors.ts).',
        },
      ],
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
