// The one seeded generator and the one hash of the mock server. Everything random that does not
// come from the shared faker (which the store seeds per slice) draws from here: a chat's messages,
// a student's registration rows, the fault middleware's latency and injected errors. Changing
// either function changes every seeded world, so both are frozen.

/** A seeded sequence of numbers in [0, 1), like Math.random(). */
export type Random = () => number;

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/**
 * FNV-1a over 32-bit words, as an unsigned 32-bit number: a string contributes its UTF-16 code
 * units, a number itself. hash('chat') names a slice's sequence, hash(seed, id) a person's.
 */
export function hash(...parts: readonly (string | number)[]): number {
  let h = FNV_OFFSET;
  for (const part of parts) {
    if (typeof part === 'number') h = Math.imul(h ^ part, FNV_PRIME);
    else for (let i = 0; i < part.length; i++) h = Math.imul(h ^ part.charCodeAt(i), FNV_PRIME);
  }
  return h >>> 0;
}

/** mulberry32: a tiny, fast generator with 2^32 states; the same seed gives the same sequence. */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [min, max] (one draw). */
export const randomInt = (random: Random, min: number, max: number) =>
  min + Math.floor(random() * (max - min + 1));

/** One of the items (one draw, even from an empty list, which gives undefined). */
export function pick<T>(random: Random, items: readonly [T, ...T[]]): T;
export function pick<T>(random: Random, items: readonly T[]): T | undefined;
export function pick<T>(random: Random, items: readonly T[]): T | undefined {
  return items[Math.floor(random() * items.length)];
}
