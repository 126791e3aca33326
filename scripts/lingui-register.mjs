// @ts-check
/**
 * `node --import tsx --import ./scripts/lingui-register.mjs …`: Lingui's macros for code run
 * straight from TypeScript (dev server, CLI, benchmarks). Registered after tsx, so its load hook
 * runs first and hands tsx's output through the same transform as the builds.
 */
import { register } from 'node:module';

register('./lingui-load-hook.mjs', import.meta.url);
