import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const apiTests = {
  include: ['apps/api/test/**/*.test.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/test/**/*.test.ts'] } },
      { test: { name: 'repo', include: ['test/**/*.test.ts'], testTimeout: 30_000 } },
      { test: { ...apiTests, name: 'api:pglite', env: { TEST_DB: 'pglite' } } },
      {
        test: {
          ...apiTests,
          name: 'api:postgres',
          env: { TEST_DB: 'postgres' },
          globalSetup: ['apps/api/test/helpers/postgres-template.ts'],
        },
      },
      ...(existsSync('apps/web/vitest.config.ts') ? ['apps/web/vitest.config.ts'] : []),
    ],
  },
});
