// A small seeded generator (mulberry32), so a load run that finds something can be
// repeated exactly by passing the seed it printed.
import { randomInt } from 'node:crypto'

export type Random = ReturnType<typeof createRandom>

/** The seed from `variable` in the environment, or a fresh one. */
export function seedFrom(variable: string): number {
  const given = process.env[variable]
  if (given === undefined || given === '') return randomInt(2 ** 31)
  const seed = Number(given)
  if (!Number.isSafeInteger(seed) || seed < 0) throw new Error(`${variable} must be a whole number, not "${given}"`)
  return seed
}

export function createRandom(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  return {
    next,
    /** A whole number from min to max, both included. */
    int,
    chance: (probability: number) => next() < probability,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list')
      return items[int(0, items.length - 1)]!
    },
    bytes: (length: number) => Buffer.from(Array.from({ length }, () => int(0, 255))),
  }
}
