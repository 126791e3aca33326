// @ts-check
/**
 * Lingui's macros (`t`, `msg`, `<Trans>`, `plural`) for every way our TypeScript is run: Vite
 * (web app and Vitest), esbuild (the server build) and tsx (dev server, CLI). Decision 0036.
 *
 * Written here rather than taken from @rolldown/plugin-babel because that plugin needs Node 22
 * and we promise Node 20. It does two things with Babel:
 * 1. runs @lingui/babel-plugin-lingui-macro, keeping each message's English source text;
 * 2. compiles that English text to Lingui's message format at build time, so English needs no
 *    catalogue and no message compiler in the browser: the first page stays small. Other
 *    languages load their compiled catalogue (`lingui compile`) when chosen.
 */
import { transformAsync } from '@babel/core';
import linguiMacro from '@lingui/babel-plugin-lingui-macro';
import { getConfig } from '@lingui/conf';
import { compileMessage } from '@lingui/message-utils/compileMessage';

/** Read once: the macro would otherwise look for lingui.config.js for every file. */
let linguiConfig;

const ROOT = new URL('..', import.meta.url).pathname;
const MACRO_IMPORT = /from\s*['"]@lingui\/(core|react)\/macro['"]/;

/** Whether a file needs the transform at all: most files use no macro. */
export function usesLinguiMacros(/** @type {string} */ code) {
  return MACRO_IMPORT.test(code);
}

/**
 * Replaces the English `message` the macro left in each descriptor (`{ id, message }`) and on
 * each runtime `<Trans message="…">` with its compiled form.
 * @param {{ types: typeof import('@babel/types') }} babel
 * @returns {import('@babel/core').PluginObj}
 */
function precompileEnglish({ types: t }) {
  /** @param {string} source */
  const compiled = (source) => t.valueToNode(compileMessage(source));
  return {
    visitor: {
      ObjectExpression(path) {
        const properties = path.node.properties;
        const hasId = properties.some(
          (property) =>
            t.isObjectProperty(property) && t.isIdentifier(property.key, { name: 'id' }),
        );
        if (!hasId) return;
        for (const property of properties) {
          if (
            t.isObjectProperty(property) &&
            t.isIdentifier(property.key, { name: 'message' }) &&
            t.isStringLiteral(property.value)
          ) {
            property.value = compiled(property.value.value);
          }
        }
      },
      JSXAttribute(path) {
        const { node } = path;
        if (!t.isJSXIdentifier(node.name, { name: 'message' }) || !t.isStringLiteral(node.value))
          return;
        const element = path.parentPath.node;
        if (!t.isJSXOpeningElement(element)) return;
        const hasId = element.attributes.some(
          (attribute) =>
            t.isJSXAttribute(attribute) && t.isJSXIdentifier(attribute.name, { name: 'id' }),
        );
        if (hasId) node.value = t.jsxExpressionContainer(compiled(node.value.value));
      },
    },
  };
}

/**
 * @param {string} code TypeScript (or TSX) source
 * @param {string} filename
 * @returns {Promise<{ code: string, map: any } | null>} null when the file uses no macro
 */
export async function transformLinguiMacros(code, filename) {
  if (!usesLinguiMacros(code)) return null;
  linguiConfig ??= getConfig({ cwd: ROOT });
  const isTsx = filename.endsWith('.tsx') || filename.endsWith('.jsx');
  const result = await transformAsync(code, {
    filename,
    babelrc: false,
    configFile: false,
    sourceMaps: true,
    parserOpts: { plugins: isTsx ? ['typescript', 'jsx'] : ['typescript'] },
    plugins: [
      [linguiMacro, { stripMessageField: false, linguiConfig }],
      // Runs after the macro: Babel applies plugins' visitors in one pass, in order, per node,
      // and the macro replaces its call sites before their descriptor objects are visited.
      precompileEnglish,
    ],
  });
  if (!result?.code) return null;
  return { code: result.code, map: result.map };
}

/**
 * The same transform as a Vite plugin (web app, and every Vitest project).
 * @returns {import('vite').Plugin}
 */
export function linguiMacrosVitePlugin() {
  return {
    name: 'punchclock:lingui-macros',
    enforce: 'pre',
    async transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!/\.(tsx?|jsx?)$/.test(file) || file.includes('/node_modules/')) return null;
      return transformLinguiMacros(code, file);
    },
  };
}

/**
 * The same transform as an esbuild plugin (the server build).
 * @returns {import('esbuild').Plugin}
 */
export function linguiMacrosEsbuildPlugin() {
  return {
    name: 'punchclock:lingui-macros',
    setup(build) {
      build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        if (args.path.includes('/node_modules/')) return undefined;
        const { readFile } = await import('node:fs/promises');
        const source = await readFile(args.path, 'utf8');
        const result = await transformLinguiMacros(source, args.path);
        if (!result) return undefined;
        return { contents: result.code, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
      });
    },
  };
}
