import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nodeVersionProblem } from './node-version.mjs';

describe('the Node.js version check before `npm start`', () => {
  it.each(['20.19.0', '20.20.2', '22.12.0', '24.21.0', '26.1.0', 'v24.0.0'])(
    'lets Node.js %s through',
    (version) => {
      expect(nodeVersionProblem(version)).toBeNull();
    },
  );

  it.each(['20.18.3', '20.0.0', '18.20.4', '16.20.2', '12.22.12', '8.17.0'])(
    'stops Node.js %s and says what it needs',
    (version) => {
      expect(nodeVersionProblem(version)).toBe(
        `Punchclock needs Node.js 20.19 or newer (24 LTS recommended); this is Node.js ${version}. ` +
          'Install a current Node.js from https://nodejs.org and run the command again.',
      );
    },
  );

  it('stops a version it cannot read rather than guessing', () => {
    expect(nodeVersionProblem('unknown')).toMatch(/^Punchclock needs Node\.js 20\.19 or newer/);
  });
});

describe('the launcher an old Node.js must be able to read', () => {
  const launcher = readFileSync(new URL('./launch.mjs', import.meta.url), 'utf8');

  it('loads nothing but the version check before running it', () => {
    // Static imports are all loaded (and parsed) before the first line runs.
    const staticImports = [...launcher.matchAll(/^import\s[^;]*?from\s+'([^']+)'/gm)].map(
      (match) => match[1],
    );
    expect(staticImports).toEqual(['./node-version.mjs']);
  });

  it('has no top-level await, which Node.js before 14.8 cannot parse', () => {
    expect(launcher).not.toMatch(/^(await|const .* = await) /m);
  });
});
