import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { builtinRules } from 'eslint/use-at-your-own-risk';

// Import cycles (type imports and folders included), the boundaries between layers and the server's
// file roles are rules in .dependency-cruiser.mjs, checked by scripts/import-graph.test.ts.

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'server/src/db/generated/**', 'data/**', 'e2e/artifacts/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      // Each file is type-checked with the tsconfig.json of its workspace; the few files that
      // no workspace tsconfig sits above (root configs, scripts, prisma tools, the player's
      // service worker) share one project with the base options.
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.js', '*.ts', '.dependency-cruiser.mjs', 'scripts/*.mjs', 'prisma/*.ts', 'prisma/tools/*.ts', 'player/public/sw.js'],
          defaultProject: 'tsconfig.base.json',
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 16,
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // A `default:` does not stand in for the cases of a union: a new member must be placed.
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
    },
  },
  {
    files: ['{web,player}/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // The classic two; the plugin's React Compiler rules are not adopted (the code is not written for the compiler).
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
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
  {
    // One way to change server data from the web: a write is a mutation hook (features/*/api/use-*.ts)
    // whose isPending and error the component reads, and errorMessage() (web/src/lib/api-error.ts)
    // turns the error into text. A component's own useState for busy, pending, deleting or error
    // would be a second way. The core rule under another name, so these selectors add to the
    // project's no-restricted-syntax list instead of replacing it.
    files: ['web/src/{features,components}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { web: { rules: { 'no-server-call-state': builtinRules.get('no-restricted-syntax') } } },
    rules: {
      'web/no-server-call-state': ['error', {
        selector: 'VariableDeclarator[init.callee.name="useState"] > ArrayPattern.id > Identifier.elements:first-child'
          + '[name=/^(busy|pending|deleting|saving|submitting|uploading|confirming)|(Busy|Pending|Deleting|Saving|Submitting|Uploading)$|(^e|E)rror$|(^r|R)esult$/]',
        message: "A server call's busy/error state comes from its mutation hook (useMutation in the feature's api/ folder), not from useState.",
      }],
    },
  },
);
