import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { linguiMacrosVitePlugin } from './scripts/lingui-macros.mjs';

export default defineConfig({
  test: {
    // Two cores: each server test file also runs its own PGlite (and PostgreSQL database).
    maxWorkers: 2,
    projects: [
      {
        plugins: [linguiMacrosVitePlugin()],
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [linguiMacrosVitePlugin()],
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          // Opening a database and migrating it, or spawning the CLI, takes seconds, not ms.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The plain-JavaScript scripts that run before anything is built (npm start's launcher).
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The web app's hooks, pure page logic and design-system pieces, in a simulated DOM.
        plugins: [linguiMacrosVitePlugin()],
        resolve: { alias: { '@': path.resolve(import.meta.dirname, 'apps/web/src') } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
