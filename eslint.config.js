// One linter for the whole tree; Prettier owns formatting (eslint-config-prettier turns off clashing rules).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const features = [
  'news',
  'chat',
  'study-materials',
  'e-library',
  'journal',
  'discipline-registration',
  'payment-code',
  'document-orders',
  'schedule',
  'profile',
  'password',
  'apps',
  'session',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/generated/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.turbo/**',
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
