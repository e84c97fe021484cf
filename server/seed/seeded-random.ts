/**
 * A small deterministic pseudo-random generator (mulberry32): the same seed gives the same demo
 * catalogue on every machine, so screenshots, tests and benchmarks are reproducible.
 */
export type SeededRandom = {
  /** In [0, 1). */
  next(): number
  /** An integer in [minimum, maximum]. */
  integer(minimum: number, maximum: number): number
  /** Throws on an empty list. */
  pick<Item>(items: readonly Item[]): Item
  /** `true` with the given probability. */
  chance(probability: number): boolean
  /** Up to `count` different items, in random order. */
  sample<Item>(items: readonly Item[], count: number): Item[]
}

export function createSeededRandom(seed: number): SeededRandom {
  let state = seed >>> 0
  function next(): number {
    state = (state + 0x6d2b79f5) >>> 0
    let mixed = state
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1)
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61)
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296
  }
  function integer(minimum: number, maximum: number): number {
    return minimum + Math.floor(next() * (maximum - minimum + 1))
  }
  return {
    next,
    integer,
    pick(items) {
      const item = items[Math.floor(next() * items.length)]
      if (item === undefined) throw new RangeError('Cannot pick from an empty list')
      return item
    },
    chance: (probability) => next() < probability,
    sample(items, count) {
      // Rejection sampling of indexes: the demo picks a handful out of hundreds.
      const wanted = Math.min(count, items.length)
      const indexes = new Set<number>()
      while (indexes.size < wanted) indexes.add(Math.floor(next() * items.length))
      return [...indexes].flatMap((index) => {
        const item = items[index]
        return item === undefined ? [] : [item]
      })
    },
  }
}
