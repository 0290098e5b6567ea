import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { moduleCyclesRule } from './scripts/module-cycles.mjs';

/** ESLint keeps one `no-restricted-imports` per file (the last block's), so every block below repeats this. */
const demoForSeeding = {
  name: '@shop/demo',
  message: 'The demo package is for seeding (db/seed.ts, db/factories.ts).',
};

/**
 * Each module owns its tables (docs/architecture.md 'Who reads whose tables'): a file of
 * modules/<a>/ imports its own <a>.schema, and of another module's schema only the
 * tables named here, for a real join; anything else goes through that module's
 * functions. The back office's areas (admin/<area>) work on the tables of what they
 * administer. Schema files are left out: a foreign key names another module's table.
 */
const TABLE_READS = {
  cart: { catalog: ['products', 'productVariants'] },
  // The clock's claim joins each idle cart with its shopper's orders since its last change.
  'cart-reminders': { cart: ['carts'], orders: ['orders'] },
  wishlist: { catalog: ['productVariants'] },
  orders: {
    // A guest order is one whose buyer is a guest row (orders/guests.ts); accounts writes that row.
    accounts: ['users'],
    cart: ['cartLines'],
    catalog: ['products', 'productVariants', 'sizes', 'colors'],
  },
  invoices: { orders: ['orders', 'orderLines'], payments: ['refunds'] },
  audit: { accounts: ['users'] },
  'admin/catalog-io': {
    catalog: ['categories', 'collections', 'colors', 'productCollections', 'productVariants', 'products', 'sizes'],
    images: ['images'],
  },
  'admin/catalog-pics': { catalog: ['colors', 'productVariants', 'products'], images: ['images'] },
  'admin/customers': { accounts: ['users'], addresses: ['addresses'], orders: ['orders'] },
  'admin/dashboard': {
    catalog: ['productVariants', 'products', 'sizes'],
    contact: ['contactEnquiries'],
    orders: ['orderLines', 'orders'],
    payments: ['refunds'],
  },
  'admin/enquiries': { accounts: ['users'], contact: ['contactEnquiries', 'enquiryReplies'], orders: ['orders'] },
  'admin/home': {
    catalog: ['banners', 'collections', 'homeItems', 'productVariants', 'products'],
    images: ['images'],
  },
  'admin/orders': {
    accounts: ['users'],
    invoices: ['invoices'],
    orders: ['orderLines', 'orderStatusHistory', 'orders'],
    payments: ['payments', 'refunds'],
  },
  'admin/products': {
    catalog: [
      'categories',
      'collections',
      'colors',
      'productCollections',
      'productSlugRedirects',
      'productVariants',
      'products',
      'sizes',
    ],
  },
  'admin/refunds': { payments: ['paymentIncidents', 'payments', 'refunds'] },
  'admin/reports': { invoices: ['invoices'], orders: ['orderLines', 'orders'], payments: ['refunds'] },
  'admin/returns': {
    contact: ['contactEnquiries'],
    orders: ['orderLines', 'orderStatusHistory', 'orders'],
    payments: ['payments', 'refunds'],
  },
  'admin/staff': { accounts: ['oneTimeCodes', 'users'] },
  'admin/discounts': {
    catalog: ['categories', 'collections'],
    discounts: ['discountCodes'],
    orders: ['orders'],
  },
  'admin/stock': {
    // Who waits for a sold-out size, beside its stock (docs/back-office.md 'Back in stock').
    'back-in-stock': ['backInStockRequests'],
    catalog: ['categories', 'collections', 'colors', 'productCollections', 'productVariants', 'products', 'sizes'],
  },
};

const MODULES = readdirSync(new URL('apps/api/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The import rule of one module, or of one back-office area (`admin/<area>`). */
function ownTablesOnly(area) {
  const owner = area.split('/')[0];
  const reads = TABLE_READS[area] ?? {};
  const message = `modules/${area} reads another module's tables only as eslint.config.js TABLE_READS lists (docs/architecture.md); call that module's functions instead.`;
  return {
    files: [`apps/api/src/modules/${area}/**`],
    ignores: ['**/*.schema.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [demoForSeeding],
          patterns: [
            { regex: `(^|/)(?!(${[owner, ...Object.keys(reads)].join('|')})\\.schema$)[\\w-]+\\.schema$`, message },
            ...Object.entries(reads).map(([schema, names]) => ({
              regex: `(^|/)${schema}\\.schema$`,
              allowImportNames: names,
              message,
            })),
          ],
        },
      ],
    },
  };
}

const apiBoundaries = [
  // Modules import one another in one direction: an import closing a cycle is refused
  // (scripts/module-cycles.mjs, with the cycles tolerated for now: KNOWN_CYCLES there).
  {
    files: ['apps/api/src/modules/**/*.{ts,tsx}'],
    plugins: { shop: { rules: { 'module-cycles': moduleCyclesRule() } } },
    rules: { 'shop/module-cycles': 'error' },
  },
  ...MODULES.map(ownTablesOnly),
  ...Object.keys(TABLE_READS)
    .filter((area) => area.includes('/'))
    .map(ownTablesOnly),
  // lib/ is plumbing that knows no business (docs/architecture.md).
  {
    files: ['apps/api/src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [demoForSeeding],
          patterns: [{ regex: '(^|/)modules/', message: 'lib/ imports no module: take what it needs as a parameter.' }],
        },
      ],
    },
  },
];

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
    rules: { 'no-restricted-imports': ['error', { paths: [demoForSeeding] }] },
  },
  ...apiBoundaries,
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  { files: ['**/*.js', '**/*.mjs'], languageOptions: { globals: globals.node } },
  // The test provider's checkout script runs in the browser.
  { files: ['apps/api/src/modules/payments/test-checkout/*.js'], languageOptions: { globals: globals.browser } },
  prettier,
);
