// @ts-check
/** The load hook behind lingui-register.mjs (module hooks run in their own thread). */
import { transformLinguiMacros, usesLinguiMacros } from './lingui-macros.mjs';

/** @type {import('node:module').LoadHook} */
export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context);
  if (!url.startsWith('file:') || url.includes('/node_modules/') || result.source == null) {
    return result;
  }
  const source =
    typeof result.source === 'string' ? result.source : new TextDecoder().decode(result.source);
  if (!usesLinguiMacros(source)) return result;
  const transformed = await transformLinguiMacros(
    source,
    new URL(url).pathname.replace(/\.tsx?$/, '.js'),
  );
  return transformed ? { ...result, source: transformed.code } : result;
}
