// ESLint 9 flat config for the whole repo: `npm run lint` (= `eslint .`).
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const globals = require('globals');
const { defineConfig, globalIgnores } = require('eslint/config');

module.exports = defineConfig([
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/coverage/',
    '**/*.tsbuildinfo',
    'services/web/dev-dist/',
    '**/test-results/',
    '**/playwright-report/',
    'e2e/.stack/',
    'e2e/screenshots/',
    'bench/results/',
    '.daybook/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // Input validation deliberately matches control characters (e.g. rejecting \x00-\x1f).
      'no-control-regex': 'off',
      'no-console': 'off',
    },
  },
  {
    // The root package is CommonJS: its *.js files (eslint, jest configs and setup) use require().
    files: ['*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/*.int.test.ts', '**/test/**/*.ts'],
    languageOptions: { globals: { ...globals.jest } },
  },
]);
