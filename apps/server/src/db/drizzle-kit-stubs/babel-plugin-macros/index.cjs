// drizzle-kit loads schema.ts without Babel, so the Lingui macros that the shared contracts use
// (the schema imports their constant lists) are plain modules asking for babel-plugin-macros.
// Nothing calls a macro while the schema is read; this stand-in lets them load
// (`npm run db:generate` puts this folder on NODE_PATH).
module.exports = {
  createMacro: () => new Proxy(function macro() {}, { get: () => () => '' }),
};
