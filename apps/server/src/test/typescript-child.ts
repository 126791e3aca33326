/**
 * Node's arguments for a child process that runs the server's TypeScript straight from source:
 * tsx, then Lingui's macros (decision 0036), as `npm run cli` does.
 */
export const RUN_TYPESCRIPT = [
  '--import',
  'tsx',
  '--import',
  new URL('../../../../scripts/lingui-register.mjs', import.meta.url).href,
];
