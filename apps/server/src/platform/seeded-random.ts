/**
 * A small seeded PRNG (mulberry32): the same seed gives the same numbers every time, which
 * Math.random cannot. The demo organisation, generated test data and the auto-fill's sample week
 * use it, so a run can be repeated exactly.
 */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}
