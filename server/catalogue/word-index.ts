import {
  fieldSeparator,
  isTypo,
  noMatch,
  trigramsOf,
  type FieldTiers,
  type SearchWord,
} from '#server/catalogue/search-relevance'
import { wordsOfText } from '#server/catalogue/search-words'
import { buildSubstringIndex, type SubstringIndex } from '#server/catalogue/substring-index'

/**
 * One field of the catalogue (products' own names, or merchants' names) indexed for
 * search-relevance.ts: each of a fixed list of texts with its words, and `find` answers
 * `wordTier` of search-relevance.ts for every text at once, in time that follows the finds rather
 * than the texts:
 *
 * - a sorted vocabulary of every word with the texts holding it: exact words are one lookup,
 *   prefixes (and synonyms, which are prefixes too) one run of the sorted vocabulary;
 * - substrings (and synonyms that are phrases) from substring-index.ts;
 * - typos from the trigrams of the vocabulary: only words sharing a trigram with the search are
 *   compared, since the others are not similar at all.
 */
export type FieldIndex = {
  readonly textCount: number
  /**
   * The texts where `word` is found (`texts`, in no order) and the tier of each (`tierOf`, indexed
   * by text). Views of the index's own buffers, valid until its next `find`.
   */
  find(word: SearchWord, tiers: FieldTiers): { texts: Int32Array; tierOf: Uint8Array }
  readonly vocabularySize: number
  readonly approximateBytes: number
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))
/** Segmenting is the slow part of a build (about 7 µs a name): requests get in between. */
const textsBetweenYields = 1_000

/** Compressed rows: the items of list `n` are `items.subarray(starts[n], starts[n + 1])`. */
type Lists = { starts: Int32Array; items: Int32Array }

function listsOf(lists: readonly (readonly number[])[]): Lists {
  const starts = new Int32Array(lists.length + 1)
  for (const [number, list] of lists.entries()) starts[number + 1] = (starts[number] ?? 0) + list.length
  const items = new Int32Array(starts[lists.length] ?? 0)
  for (const [number, list] of lists.entries()) items.set(list, starts[number] ?? 0)
  return { starts, items }
}

/** `parts`: each text's names, lower-cased; the text searched is them joined by `fieldSeparator`. */
export async function buildFieldIndex(parts: readonly (readonly string[])[]): Promise<FieldIndex> {
  const textCount = parts.length
  // Names repeat across texts (a merchant's name, a product at several merchants): split once.
  const wordsOfName = new Map<string, string[]>()
  const wordNumbers = new Map<string, number>()
  const textsOfWord: number[][] = []
  for (const [text, names] of parts.entries()) {
    if (text % textsBetweenYields === textsBetweenYields - 1) await yieldToEventLoop()
    const seen = new Set<number>()
    for (const name of names) {
      let words = wordsOfName.get(name)
      if (words === undefined) {
        words = wordsOfText(name)
        wordsOfName.set(name, words)
      }
      for (const word of words) {
        let number = wordNumbers.get(word)
        if (number === undefined) {
          number = textsOfWord.length
          wordNumbers.set(word, number)
          textsOfWord.push([])
        }
        if (seen.has(number)) continue
        seen.add(number)
        textsOfWord[number]?.push(text)
      }
    }
  }
  wordsOfName.clear()

  // The vocabulary in code-unit order, so the words starting with a prefix are one run of it.
  const vocabulary = [...wordNumbers.keys()].sort((left, right) => (left < right ? -1 : left > right ? 1 : 0))
  const textsByWord = listsOf(vocabulary.map((word) => textsOfWord[wordNumbers.get(word) ?? -1] ?? []))
  wordNumbers.clear()
  textsOfWord.length = 0

  const trigramNumbers = new Map<string, number>()
  const wordsOfTrigram: number[][] = []
  const trigramCountOfWord = new Int32Array(vocabulary.length)
  const lengthOfWord = new Int32Array(vocabulary.length)
  for (const [word, text] of vocabulary.entries()) {
    lengthOfWord[word] = text.length
    const trigrams = trigramsOf(text)
    trigramCountOfWord[word] = trigrams.length
    for (const trigram of trigrams) {
      let number = trigramNumbers.get(trigram)
      if (number === undefined) {
        number = wordsOfTrigram.length
        trigramNumbers.set(trigram, number)
        wordsOfTrigram.push([])
      }
      wordsOfTrigram[number]?.push(word)
    }
  }
  const wordsByTrigram = listsOf(wordsOfTrigram)
  wordsOfTrigram.length = 0

  const substrings: SubstringIndex = await buildSubstringIndex(parts.map((names) => names.join(fieldSeparator)))

  const tierOf = new Uint8Array(textCount).fill(noMatch)
  const touched = new Int32Array(textCount)
  let touchedCount = 0
  const sharedTrigrams = new Uint16Array(vocabulary.length)
  const candidates = new Int32Array(vocabulary.length)

  function assign(text: number, tier: number): void {
    const current = tierOf[text] ?? noMatch
    if (current === noMatch) {
      touched[touchedCount] = text
      touchedCount += 1
      tierOf[text] = tier
    } else if (tier < current) {
      tierOf[text] = tier
    }
  }

  function assignWord(word: number, tier: number): void {
    const end = textsByWord.starts[word + 1] ?? 0
    for (let item = textsByWord.starts[word] ?? 0; item < end; item += 1) assign(textsByWord.items[item] ?? 0, tier)
  }

  /** The first word of the vocabulary not before `text`. */
  function lowerBound(text: string): number {
    let low = 0
    let high = vocabulary.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if ((vocabulary[middle] ?? '') < text) low = middle + 1
      else high = middle
    }
    return low
  }

  function assignPrefix(prefix: string, tier: number): void {
    for (let word = lowerBound(prefix); word < vocabulary.length; word += 1) {
      if (!(vocabulary[word] ?? '').startsWith(prefix)) break
      assignWord(word, tier)
    }
  }

  function assignSubstring(term: string, tier: number): void {
    for (const text of substrings.find(term)) assign(text, tier)
  }

  function assignTypos(search: SearchWord, trigrams: readonly string[], tier: number): void {
    let candidateCount = 0
    for (const trigram of trigrams) {
      const number = trigramNumbers.get(trigram)
      if (number === undefined) continue
      const end = wordsByTrigram.starts[number + 1] ?? 0
      for (let item = wordsByTrigram.starts[number] ?? 0; item < end; item += 1) {
        const word = wordsByTrigram.items[item] ?? 0
        if (sharedTrigrams[word] === 0) {
          candidates[candidateCount] = word
          candidateCount += 1
        }
        sharedTrigrams[word] = (sharedTrigrams[word] ?? 0) + 1
      }
    }
    const searched = { length: search.text.length, trigrams: trigrams.length }
    for (let candidate = 0; candidate < candidateCount; candidate += 1) {
      const word = candidates[candidate] ?? 0
      const found = { length: lengthOfWord[word] ?? 0, trigrams: trigramCountOfWord[word] ?? 0 }
      if (isTypo(searched, found, sharedTrigrams[word] ?? 0)) assignWord(word, tier)
      sharedTrigrams[word] = 0
    }
  }

  const approximateBytes =
    substrings.approximateBytes +
    vocabulary.reduce((total, word) => total + 16 + word.length * 2 + 8, 0) +
    textsByWord.starts.byteLength +
    textsByWord.items.byteLength +
    trigramNumbers.size * 64 +
    wordsByTrigram.starts.byteLength +
    wordsByTrigram.items.byteLength +
    trigramCountOfWord.byteLength +
    lengthOfWord.byteLength +
    tierOf.byteLength +
    touched.byteLength +
    sharedTrigrams.byteLength +
    candidates.byteLength

  return {
    textCount,
    vocabularySize: vocabulary.length,
    approximateBytes,
    find(word, tiers) {
      for (let item = 0; item < touchedCount; item += 1) tierOf[touched[item] ?? 0] = noMatch
      touchedCount = 0
      const exact = lowerBound(word.text)
      if (vocabulary[exact] === word.text) assignWord(exact, tiers.exact)
      assignPrefix(word.text, tiers.prefix)
      if (tiers.synonym !== undefined) {
        for (const needle of word.synonyms) {
          if (needle.isPhrase) assignSubstring(needle.text, tiers.synonym)
          else assignPrefix(needle.text, tiers.synonym)
        }
      }
      assignSubstring(word.text, tiers.substring)
      if (tiers.fuzzy !== undefined && word.trigrams !== undefined) assignTypos(word, word.trigrams, tiers.fuzzy)
      return { texts: touched.subarray(0, touchedCount), tierOf }
    },
  }
}
