// @ts-check
/**
 * The oldest Node.js that Punchclock runs on, checked before anything else loads.
 *
 * Imported first by scripts/launch.mjs, so it must parse on an old Node too: ES2017 syntax at
 * most (no optional chaining, `??`, class fields or top-level await) and no imports.
 */

/** The floor of package.json `engines` (">=20.19"): Vite 8, Vitest 4 and ESLint 10 need it. */
export const MINIMUM_NODE = { major: 20, minor: 19 };
export const RECOMMENDED_NODE = '24 LTS';

/**
 * Says what is missing when `version` (as in `process.versions.node`, e.g. "18.20.4") is older
 * than the minimum, or returns null when it is new enough.
 * @param {string} version
 * @returns {string | null}
 */
export function nodeVersionProblem(version) {
  const parts = /^v?(\d+)\.(\d+)/.exec(version);
  const major = parts ? Number(parts[1]) : 0;
  const minor = parts ? Number(parts[2]) : 0;
  const newEnough =
    major > MINIMUM_NODE.major || (major === MINIMUM_NODE.major && minor >= MINIMUM_NODE.minor);
  if (newEnough) return null;
  return (
    'Punchclock needs Node.js ' +
    MINIMUM_NODE.major +
    '.' +
    MINIMUM_NODE.minor +
    ' or newer (' +
    RECOMMENDED_NODE +
    ' recommended); this is Node.js ' +
    version +
    '. Install a current Node.js from https://nodejs.org and run the command again.'
  );
}
