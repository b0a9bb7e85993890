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
    'data/',
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
  ...webFeaturesImportNoOtherFeature(),
]);

/**
 * The web's features do not import each other (docs/development.md convention 11): what two features share lives
 * in components/ or lib/, and app/ wires features together. One block per folder of
 * services/web/src/features, refusing its files any path into another feature: relative
 * ('../clients/ClientChip', '../../features/clients/...') or by alias ('@/features/clients/...'), in static
 * imports and in lazy `import()`.
 */
function webFeaturesImportNoOtherFeature() {
  const fs = require('node:fs');
  const path = require('node:path');
  const featuresDir = path.join(__dirname, 'services/web/src/features');
  const features = fs.existsSync(featuresDir) ? fs.readdirSync(featuresDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name) : [];
  return features.map((feature) => {
    const others = features.filter((other) => other !== feature).join('|');
    const otherFeature = `^(?:\\.\\./)+(?:${others})(?:/|$)|(?:^|/)features/(?!${feature}(?:/|$))`;
    const message = `A feature does not import another: move what ${feature} shares into components/ or lib/, or let app/ wire the features together.`;
    return {
      files: [`services/web/src/features/${feature}/**`],
      rules: {
        'no-restricted-imports': ['error', { patterns: [{ regex: otherFeature, message }] }],
        // esquery's regular expressions cannot hold a '/': it is written \x2F there.
        'no-restricted-syntax': ['error', { selector: `ImportExpression > Literal[value=/${otherFeature.replace(/\//g, '\\x2F')}/]`, message }],
      },
    };
  });
}
