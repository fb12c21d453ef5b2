import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    ignores: [
      '.next/**',
      'node_modules/**',
      'data/**',
      'drizzle/**',
      'playwright-report/**',
      'test-results/**',
      'next-env.d.ts',
    ],
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The shape of the source (docs/decisions/0048-one-folder-per-feature.md): a file over 400 lines
    // or a function over 80 is split along its seams. Tests, scripts and generated files are left out.
    files: [
      'app/**/*.{ts,tsx}',
      'features/**/*.{ts,tsx}',
      'shared/**/*.{ts,tsx}',
      'shell/**/*.{ts,tsx}',
      'server/**/*.{ts,tsx}',
      'pages/**/*.{ts,tsx}',
      'proxy.ts',
      'instrumentation.ts',
    ],
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**'],
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // No Intl set-up while a module loads (docs/decisions/0053-fast-from-the-first-load.md): the first
    // Intl call of a page sets up ICU, 10–20 ms of a phone's main thread while the page starts. Make
    // formatters on first use; write counts with shared/format/count.ts.
    files: ['app/**/*.{ts,tsx}', 'features/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}', 'shell/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/server/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            ':matches(Program > VariableDeclaration, Program > ExportNamedDeclaration > VariableDeclaration) NewExpression[callee.object.name="Intl"]:not(:function NewExpression)',
          message:
            'Make Intl formatters on first use (onFirstUse, shared/format/on-first-use.ts), not when the module loads (ADR 0053).',
        },
        {
          selector:
            ':matches(Program > VariableDeclaration, Program > ExportNamedDeclaration > VariableDeclaration) CallExpression[callee.property.name=/^toLocale/]:not(:function CallExpression)',
          message:
            'No toLocale* call when the module loads: formatCount (shared/format/count.ts) for counts (ADR 0053).',
        },
      ],
    },
  },
  {
    // Plain CommonJS loaded by `node --require` before any bundler (server/client-address*.cjs).
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
];

export default config;
