import { defineConfig } from 'vitest/config';
import { linguiMacrosVitePlugin } from '../scripts/lingui-macros.mjs';

// Browser tests: one server and one Chromium for the whole run, files one after another.
export default defineConfig({
  // Shared code the tests import (screen titles, contracts) is written with Lingui's macros.
  plugins: [linguiMacrosVitePlugin()],
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll gives up after 1 s by default: too short for a page and its first API read on
    // a busy two-core CI machine (timesheet-sign-off failed there reading "Loading…" at 1 s).
    expect: { poll: { timeout: 10_000 } },
  },
});
