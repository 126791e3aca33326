// Writes the documentation that is derived from the code, so it cannot drift:
// - the server layers in the README's code map and in decision 0014's diagram, from the layer
//   lists of .dependency-cruiser.mjs (the same lists `npm run lint:boundaries` enforces);
// - docs/decisions/README.md, the index of decisions (number, title, status), from the
//   decisions' own first lines.
// `npm run docs` writes them; `--check` (run by `npm run lint`) fails when the committed text
// differs, and says which file to regenerate.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const decisionsDir = join(root, 'docs/decisions');
const check = process.argv.includes('--check');

/** @typedef {{ holds: string, features: string[] }} Layer */
// Imported by URL so the scripts' typecheck does not take in dependency-cruiser's configuration.
const configUrl = new URL('../.dependency-cruiser.mjs', import.meta.url).href;
/** @type {{ serverLayers: Record<string, Layer> }} */
const { serverLayers } = await import(configUrl);
/** @type {[string, Layer][]} lowest first */
const layers = Object.entries(serverLayers);

/** The README's table of server layers, top first as one reads the app from app.ts down. */
function codeMapSection() {
  const rows = [...layers]
    .reverse()
    .map(([name, layer]) => `| ${name} | ${layer.features.join(' · ')} | ${layer.holds} |`);
  return [
    'Server features (`apps/server/src/features/<f>/`), by layer from the top: a feature imports',
    'its own layer (without a cycle) and the layers below it, never one above',
    '(`npm run lint:boundaries`, decision 0014).',
    '',
    '| Layer | Features | What it holds |',
    '| --- | --- | --- |',
    ...rows,
  ].join('\n');
}

/**
 * Words joined by `separator`, wrapped to `width` with continuation lines indented by `indent`.
 * @param {string[]} words @param {string} separator @param {string} firstPrefix
 * @param {string} indent @param {number} width
 */
function wrap(words, separator, firstPrefix, indent, width = 100) {
  /** @type {string[]} */
  const lines = [];
  let line = firstPrefix;
  words.forEach((word, index) => {
    const piece = index === 0 ? word : `${separator}${word}`;
    if (index > 0 && line.length + piece.length > width) {
      lines.push(line + separator.trimEnd());
      line = indent + word;
    } else {
      line += piece;
    }
  });
  lines.push(line);
  return lines;
}

/** Decision 0014's diagram: composition on top, each layer above the ones it may import. */
function layerDiagram() {
  const labelWidth = Math.max(...layers.map(([name]) => name.length)) + 1;
  const lines = ['app.ts, cli, demo (composition)'];
  for (const [name, layer] of [...layers].reverse()) {
    const prefix = `  → ${`${name}:`.padEnd(labelWidth)} `;
    lines.push(...wrap(layer.features, ' · ', prefix, ' '.repeat(prefix.length)));
  }
  lines.push('  → platform, db → packages/shared (contracts, domain)');
  return ['```', ...lines, '```'].join('\n');
}

/** Each decision's number, title and status, from its heading and its `Status:` line. */
function readDecisions() {
  return readdirSync(decisionsDir)
    .filter((file) => /^\d{4}-.+\.md$/.test(file))
    .sort()
    .map((file) => {
      const text = readFileSync(join(decisionsDir, file), 'utf8');
      const heading = /^# (\d{4})\s*[—:-]\s*(.+)$/m.exec(text);
      const status = /^Status: (.+)$/m.exec(text);
      if (!heading || !status)
        throw new Error(
          `docs/decisions/${file}: needs a "# NNNN — Title" heading and a "Status: …" line`,
        );
      const [, number = '', title = ''] = heading;
      return { file, number, title: title.trim(), status: (status[1] ?? '').trim() };
    });
}

function decisionIndex() {
  const rows = readDecisions().map(
    (decision) =>
      `| ${decision.number} | [${decision.title}](${decision.file}) | ${decision.status} |`,
  );
  return [
    '# Decisions',
    '',
    'Why Punchclock is built the way it is, one decision a file, numbered in the order taken. A',
    'decision is not edited into something else: a later one supersedes it (or a part of it) and',
    'says so, and the earlier one says where to read on in its `Status:` line.',
    '',
    "<!-- Written by `npm run docs` (scripts/generated-docs.mjs) from each decision's heading and",
    'Status line; `npm run lint` checks it. Add a decision, then run `npm run docs`. -->',
    '',
    '| No. | Decision | Status |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

/**
 * Replace what lies between `<!-- name:start -->` and `<!-- name:end -->` in `text`.
 * @param {string} text @param {string} name @param {string} content @param {string} file
 */
function between(text, name, content, file) {
  const start = `<!-- ${name}:start (written by npm run docs from .dependency-cruiser.mjs) -->`;
  const end = `<!-- ${name}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${file}: missing the markers ${start} … ${end}`);
  // Markers indented inside a list item keep the content in that item.
  const indent = /[ \t]*$/.exec(text.slice(0, from))?.[0] ?? '';
  const indented = content
    .split('\n')
    .map((line) => (line ? indent + line : line))
    .join('\n');
  return `${text.slice(0, from + start.length)}\n${indented}\n${indent}${text.slice(to)}`;
}

/** @type {{ path: string, make: (current: string) => string }[]} */
const outputs = [
  {
    path: join(root, 'README.md'),
    make: (current) => between(current, 'code-map', codeMapSection(), 'README.md'),
  },
  {
    path: join(decisionsDir, '0014-one-way-feature-graph.md'),
    make: (current) => between(current, 'layers', layerDiagram(), 'decision 0014'),
  },
  { path: join(decisionsDir, 'README.md'), make: () => decisionIndex() },
];

/** @type {string[]} */
const stale = [];
for (const { path, make } of outputs) {
  let current = '';
  try {
    current = readFileSync(path, 'utf8');
  } catch {
    // A missing index is written from scratch.
  }
  const wanted = make(current);
  if (wanted === current) continue;
  if (check) stale.push(relative(root, path));
  else writeFileSync(path, wanted);
}
if (stale.length > 0) {
  console.error(
    `Out of date with .dependency-cruiser.mjs or the decisions: ${stale.join(', ')}. Run \`npm run docs\` and commit.`,
  );
  process.exit(1);
}
