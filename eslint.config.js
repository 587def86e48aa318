// One linter for the whole tree; Prettier owns formatting (eslint-config-prettier turns off clashing rules).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Every folder of packages/web/src/features is a feature: a new one is inside the rules below
// without being listed anywhere.
const features = readdirSync(new URL('packages/web/src/features/', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// How import-x resolves the packages' TypeScript sources.
const importSettings = {
  'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  'import-x/resolver-next': [
    createNodeResolver({
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mjs', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      conditionNames: ['types', 'import', 'default'],
    }),
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-*/**',
      '**/generated/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.turbo/**',
      // pnpm mutation's sandboxes: copies of a package with its code instrumented
      '.stryker-tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Type-aware rules for TypeScript: a promise is awaited, returned, voided or caught, never dropped.
  // The project service finds each file's nearest tsconfig.json.
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // React event handlers may be async (the returned promise is ignored by React on purpose).
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  // The Playwright journeys and their config live outside the portal's tsconfig.json.
  {
    files: ['packages/web/e2e/**/*.ts', 'packages/web/playwright.config.ts'],
    languageOptions: {
      parserOptions: {
        projectService: false,
        project: ['packages/web/tsconfig.e2e.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  // Import graphs: no cycles in any package's source.
  {
    files: ['packages/*/src/**/*.{ts,tsx}', 'deploy/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // A function longer than a screenful is cut along its concerns (hooks, parts, steps): a reader
  // takes in each one whole.
  {
    files: ['packages/*/src/**/*.{ts,tsx}', 'deploy/src/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 120 }] },
  },
  // The contract checker is layered: its run (run.ts) builds on lib/ alone at run time (it names
  // the checks only as a type); the checks, the scenarios, discovery and the report build on the
  // run, never the other way.
  {
    files: ['packages/contract/src/check/run.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\./(?!lib/)',
              allowTypeImports: true,
              message:
                'run.ts imports none of its siblings at run time: only ./lib and the contract.',
            },
          ],
        },
      ],
    },
  },
  // The tests' shared kit renders the app; it does not reach into a feature.
  {
    files: ['packages/web/test/support/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: 'packages/web/test/support',
              from: 'packages/web/src/features',
              message: 'Test helpers render the app; they do not reach into a feature.',
            },
          ],
        },
      ],
    },
  },
  // The portal's shared code never reaches into features or the app (src/app composes features).
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: 'packages/web/src/components',
              from: ['packages/web/src/features', 'packages/web/src/app'],
              message: 'Shared components never import a feature or the app.',
            },
            {
              target: 'packages/web/src/lib',
              from: ['packages/web/src/features', 'packages/web/src/app'],
              message: 'A lib/ room never imports a feature or the app: the app composes them.',
            },
            // The rooms at the bottom of lib/ stand alone: formatting, the query plumbing and the
            // device's stores import no other room; files build on the query plumbing alone.
            ...[
              ['format', []],
              ['query', []],
              ['offline', []],
              ['files', ['query']],
            ].map(([room, below]) => ({
              target: `packages/web/src/lib/${room}`,
              from: 'packages/web/src/lib',
              except: [room, ...below].map((allowed) => `./${allowed}`),
              message: `lib/${room}/ imports ${below.length ? `only lib/${below.join(', lib/')}/ among the other rooms` : 'no other room of lib/'}.`,
            })),
            {
              target: 'packages/web/src/features',
              from: 'packages/web/src/app',
              message: 'A feature never imports the app: the app composes the features.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, '@tanstack/query': pluginQuery },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...pluginQuery.configs.recommended.rules,
    },
  },
  // Features are rooms: a feature never imports another feature; src/app composes them.
  ...features.map((feature) => ({
    files: [`packages/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: features
                .filter((other) => other !== feature)
                .flatMap((other) => [`**/features/${other}`, `**/features/${other}/**`]),
              message: 'A feature does not import another feature; compose them in src/app.',
            },
          ],
        },
      ],
    },
  })),
  // The web app never imports the mock server; the client never imports the web app.
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    ignores: ['packages/web/src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@lms/mock-server', '@lms/mock-server/*'],
              message: 'The web app never imports the mock server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/client/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@lms/web', '@lms/web/*', '@lms/mock-server', '@lms/mock-server/*'],
              message: 'The client depends on the contract only.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
