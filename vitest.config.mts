import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const root = import.meta.dirname;

const resolve = {
  alias: {
    '@': root,
    // `server-only` throws outside React's server bundle; tests import server modules directly.
    'server-only': path.join(root, 'tests/setup/empty-module.ts'),
  },
};

const integration = (dialect: 'sqlite' | 'postgres'): TestProjectInlineConfiguration => ({
  resolve,
  test: {
    name: `integration-${dialect}`,
    environment: 'node',
    include: ['app/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    setupFiles: ['tests/setup/integration.ts'],
    globalSetup: ['tests/setup/global-integration.ts'],
    env: { TEST_DIALECT: dialect },
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});

/** The PostgreSQL run needs a server; without TEST_DATABASE_URL it is left out (scripts/test-all.sh says so). */
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: {
          name: 'unit',
          environment: 'node',
          // npm test runs these beside lint and typecheck on two cores: a property test that takes 3 s
          // alone can take 10 there. Time limits catch hangs, not slowness (benchmarks measure that).
          testTimeout: 20_000,
          include: [
            // The layout of docs/decisions/0048-one-folder-per-feature.md.
            'features/**/*.test.ts',
            'features/**/*.test.tsx',
            'shared/**/*.test.ts',
            'shared/**/*.test.tsx',
            'shell/**/*.test.ts',
            'shell/**/*.test.tsx',
            'server/**/*.test.ts',
            'tests/unit/**/*.test.ts',
          ],
        },
      },
      integration('sqlite'),
      ...(withPostgres ? [integration('postgres')] : []),
    ],
  },
});
