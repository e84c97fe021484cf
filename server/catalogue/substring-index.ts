/**
 * Which of a fixed list of texts contain a search term, answered in memory in microseconds rather
 * than by reading every text: catalogue-index.ts keeps one per catalogue version.
 *
 * Every character and every pair of adjacent characters (bigram) has the set of texts holding it.
 * A one- or two-character term is exactly such a set; a longer term keeps the texts holding all of
 * its bigrams, then confirms each with `includes`, so answers are exact substring matches. A set is
 * a sorted array of text numbers while few texts hold it and a bitmap once that is smaller (more
 * than one text in 32), which bounds the index by the number of distinct bigrams times a bitmap.
 *
 * Texts and terms are stored and compared in one private alphabet: Thai (U+0E00–U+0E7F) trades
 * places with U+0080–U+00FF, and a few punctuation marks of the catalogue's names with control
 * characters, so Thai names take one byte a character in V8 rather than two. The swap is
 * one-to-one, so a term is inside a text exactly when its swapped form is inside the swapped text.
 */
export type SubstringIndex = {
  readonly textCount: number
  /**
   * The numbers of the texts containing `term` (non-empty), ascending. A view of the index's own
   * buffer, valid until its next `find`: searches make no garbage for the collector.
   */
  find(term: string): Int32Array
  /** What the index holds on the heap, roughly: the texts and the sets. */
  readonly approximateBytes: number
}

const thaiStart = 0x0e00
const thaiEnd = 0x0e80
const latin1Start = 0x80
const latin1End = 0x100
/** Punctuation the catalogue's names use (the search text's separator '•', dashes) ↔ C0 controls. */
const swappedPairs: readonly (readonly [number, number])[] = [
  [0x2022, 0x01],
  [0x2013, 0x02],
  [0x2014, 0x03],
]
const swapTable = new Map<number, number>(
  swappedPairs.flatMap(([left, right]) => [
    [left, right],
    [right, left],
  ]),
)

function swapCode(code: number): number {
  if (code >= thaiStart && code < thaiEnd) return code - thaiStart + latin1Start
  if (code >= latin1Start && code < latin1End) return code - latin1Start + thaiStart
  return swapTable.get(code) ?? code
}

const codeBuffer = new Uint16Array(4096)

/** The text in the index's alphabet; a one-byte string in V8 when every swapped code fits a byte. */
export function toIndexAlphabet(text: string): string {
  let plain = true
  for (let position = 0; position < text.length; position += 1) {
    const code = text.charCodeAt(position)
    if (code >= latin1Start || swapTable.has(code)) {
      plain = false
      break
    }
  }
  if (plain) return text
  const codes = text.length <= codeBuffer.length ? codeBuffer.subarray(0, text.length) : new Uint16Array(text.length)
  for (let position = 0; position < text.length; position += 1) codes[position] = swapCode(text.charCodeAt(position))
  let result = ''
  // fromCharCode takes its codes as arguments: in slices, below any engine's argument limit.
  for (let start = 0; start < codes.length; start += 1024) {
    result += String.fromCharCode(...codes.subarray(start, start + 1024))
  }
  return result
}

type Posting = { count: number; ids: Int32Array | undefined; bits: Uint32Array | undefined }

/** Grams of one-byte characters go through flat tables; the rest through a map. */
type GramTable = { characters: Int32Array; pairs: Int32Array; large: Map<string, number> }

function gramId(table: GramTable, text: string, position: number, length: 1 | 2): number {
  const first = text.charCodeAt(position)
  if (length === 1) {
    if (first < 0x100) return table.characters[first] ?? -1
    return table.large.get(text[position] ?? '') ?? -1
  }
  const second = text.charCodeAt(position + 1)
  if (first < 0x100 && second < 0x100) return table.pairs[(first << 8) | second] ?? -1
  return table.large.get(text.slice(position, position + 2)) ?? -1
}

function addGram(table: GramTable, text: string, position: number, length: 1 | 2, next: () => number): number {
  const existing = gramId(table, text, position, length)
  if (existing >= 0) return existing
  const id = next()
  const first = text.charCodeAt(position)
  const second = length === 2 ? text.charCodeAt(position + 1) : 0
  if (length === 1 && first < 0x100) table.characters[first] = id
  else if (length === 2 && first < 0x100 && second < 0x100) table.pairs[(first << 8) | second] = id
  else table.large.set(text.slice(position, position + length), id)
  return id
}

function hasText(posting: Posting, text: number): boolean {
  if (posting.bits !== undefined) return ((posting.bits[text >>> 5] ?? 0) & (1 << (text & 31))) !== 0
  const ids = posting.ids ?? new Int32Array(0)
  let low = 0
  let high = ids.length - 1
  while (low <= high) {
    const middle = (low + high) >>> 1
    const value = ids[middle] ?? 0
    if (value === text) return true
    if (value < text) low = middle + 1
    else high = middle - 1
  }
  return false
}

/** Lets requests in between while a large index is built: none waits on a long run of work. */
const textsBetweenYields = 2_000
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

export async function buildSubstringIndex(sourceTexts: readonly string[]): Promise<SubstringIndex> {
  const texts = sourceTexts.map(toIndexAlphabet)
  const textCount = texts.length
  const table: GramTable = {
    characters: new Int32Array(0x100).fill(-1),
    pairs: new Int32Array(0x10000).fill(-1),
    large: new Map(),
  }
  const counts: number[] = []
  const lastText: number[] = []
  const next = () => {
    counts.push(0)
    lastText.push(-1)
    return counts.length - 1
  }

  // First pass: how many texts hold each gram, to size its set.
  for (let text = 0; text < textCount; text += 1) {
    if (text % textsBetweenYields === textsBetweenYields - 1) await yieldToEventLoop()
    const value = texts[text] ?? ''
    for (let position = 0; position < value.length; position += 1) {
      for (const length of [1, 2] as const) {
        if (position + length > value.length) continue
        const id = addGram(table, value, position, length, next)
        if (lastText[id] !== text) {
          lastText[id] = text
          counts[id] = (counts[id] ?? 0) + 1
        }
      }
    }
  }

  const wordCount = Math.ceil(textCount / 32)
  const postings: Posting[] = counts.map((count) =>
    count * 32 > textCount
      ? { count, ids: undefined, bits: new Uint32Array(wordCount) }
      : { count, ids: new Int32Array(count), bits: undefined },
  )
  const filled = new Int32Array(postings.length)
  lastText.fill(-1)
  for (let text = 0; text < textCount; text += 1) {
    if (text % textsBetweenYields === textsBetweenYields - 1) await yieldToEventLoop()
    const value = texts[text] ?? ''
    for (let position = 0; position < value.length; position += 1) {
      for (const length of [1, 2] as const) {
        if (position + length > value.length) continue
        const id = gramId(table, value, position, length)
        if (lastText[id] === text) continue
        lastText[id] = text
        const posting = postings[id]
        if (posting === undefined) continue
        if (posting.bits !== undefined) posting.bits[text >>> 5] = (posting.bits[text >>> 5] ?? 0) | (1 << (text & 31))
        else if (posting.ids !== undefined) posting.ids[filled[id] ?? 0] = text
        filled[id] = (filled[id] ?? 0) + 1
      }
    }
  }

  let approximateBytes = table.characters.byteLength + table.pairs.byteLength + table.large.size * 48
  for (const text of texts) approximateBytes += 16 + text.length * (/[^\0-\u00ff]/.test(text) ? 2 : 1)
  for (const posting of postings) approximateBytes += 48 + (posting.bits?.byteLength ?? posting.ids?.byteLength ?? 0)

  const found = new Int32Array(textCount)
  const intersection = new Uint32Array(wordCount)
  const grams: Posting[] = []

  function find(term: string): Int32Array {
    const mapped = toIndexAlphabet(term)
    if (mapped.length === 0) throw new Error('An empty term matches everything: search without one')
    grams.length = 0
    const length = mapped.length === 1 ? 1 : 2
    for (let position = 0; position + length <= mapped.length; position += 1) {
      const posting = postings[gramId(table, mapped, position, length)]
      if (posting === undefined) return found.subarray(0, 0)
      if (!grams.includes(posting)) grams.push(posting)
    }
    grams.sort((left, right) => left.count - right.count)
    const rarest = grams[0]
    if (rarest === undefined) return found.subarray(0, 0)
    // One or two characters are a gram of their own: its set is the answer.
    const confirm = mapped.length > 2
    let count = 0
    if (rarest.bits !== undefined) {
      // Every set is a bitmap (the sparse ones sort first): intersect word by word.
      intersection.set(rarest.bits)
      for (let gram = 1; gram < grams.length; gram += 1) {
        const bits = grams[gram]?.bits ?? intersection
        for (let word = 0; word < wordCount; word += 1)
          intersection[word] = (intersection[word] ?? 0) & (bits[word] ?? 0)
      }
      for (let word = 0; word < wordCount; word += 1) {
        let value = intersection[word] ?? 0
        while (value !== 0) {
          const lowest = value & -value
          const text = (word << 5) + 31 - Math.clz32(lowest)
          value ^= lowest
          if (confirm && !(texts[text] ?? '').includes(mapped)) continue
          found[count] = text
          count += 1
        }
      }
      return found.subarray(0, count)
    }
    const ids = rarest.ids ?? found.subarray(0, 0)
    for (const text of ids) {
      let inAll = true
      for (let gram = 1; gram < grams.length && inAll; gram += 1) inAll = hasText(grams[gram] ?? rarest, text)
      if (!inAll || (confirm && !(texts[text] ?? '').includes(mapped))) continue
      found[count] = text
      count += 1
    }
    return found.subarray(0, count)
  }

  return { textCount, find, approximateBytes }
}
