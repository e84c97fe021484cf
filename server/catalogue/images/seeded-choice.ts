/**
 * FNV-1a over UTF-16 code units: tiny, dependency-free and stable across Node versions, so a
 * merchant or product keeps the same colours on every seed run and in every snapshot.
 */
export function hashText(text: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/**
 * Picks one item for `seed`. `purpose` salts the hash so that independent choices made for the
 * same id (a colour, a shape, a layout) do not move in lockstep.
 */
export function pickBySeed<Item>(items: readonly [Item, ...Item[]], seed: string, purpose: string): Item {
  return items[hashText(`${purpose}:${seed}`) % items.length] ?? items[0]
}
