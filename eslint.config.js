import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      '**/.react-router/**',
      'data/**',
      'apps/api/drizzle/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: globals.node,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // React Router's idiom: a loader throws `data(...)` to answer 404 and friends, or a redirect (a Response).
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'package', package: 'react-router', name: 'DataWithResponseInit' },
            { from: 'lib', name: 'Response' },
          ],
        },
      ],
      // Only env.ts reads the environment (t3's createEnv rule).
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through env.ts' },
      ],
    },
  },
  {
    files: ['**/env.ts', '**/test/**', '**/faults/**', '**/bench/**', 'scripts/**', '**/*.config.*', '**/build.mjs'],
    rules: { 'no-restricted-properties': 'off' },
  },
  // The demo catalogue is loaded at start-up and seeding only; no request path may draw or read it.
  {
    files: ['apps/api/src/**', 'apps/web/**'],
    ignores: ['apps/api/src/db/seed.ts', 'apps/api/src/db/factories.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@shop/demo', message: 'The demo package is for seeding (db/seed.ts, db/factories.ts).' }] },
      ],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  { files: ['**/*.js', '**/*.mjs'], languageOptions: { globals: globals.node } },
  // The test provider's checkout script runs in the browser.
  { files: ['apps/api/src/modules/payments/test-checkout/*.js'], languageOptions: { globals: globals.browser } },
  prettier,
);
