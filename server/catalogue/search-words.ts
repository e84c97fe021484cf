import * as v from 'valibot'
import { merchantCategoryIdSchema, type MerchantCategoryId } from '#domain/categories'
import synonymData from './search-synonyms.json' with { type: 'json' }

/**
 * The words of catalogue names and of searches (docs/decisions/020). Thai is written without
 * spaces, so words come from the Unicode word breaker with its Thai dictionary
 * (`Intl.Segmenter('th', { granularity: 'word' })`). Its dictionary does not know many shopping
 * words ('มือถือ' comes out as 'มือ' + 'ถือ', 'สมาร์ทโฟน' as three pieces), so the words of the
 * synonym list (search-synonyms.json, plus its `words`) are known too: a run of pieces that spells
 * one of them, from a word's start to a word's end, is also a word.
 *
 * Texts and searches are lower-cased with `toLowerCase` before they get here (Thai has no case).
 */

const synonymDataSchema = v.strictObject({
  groups: v.array(
    v.strictObject({
      /**
       * The categories the goods its words name are sold in: a search for them shows products (and
       * shops) of these categories first (search-relevance.ts), so 'มือถือ' lists phones before
       * phone repairs, whose names hold the word too.
       */
      categories: v.pipe(v.array(merchantCategoryIdSchema), v.minLength(1)),
      /** Words and phrases a shopper may use for the same thing, in any language. */
      words: v.pipe(v.array(v.pipe(v.string(), v.trim(), v.minLength(1))), v.minLength(2)),
    }),
  ),
  /** Words the word breaker does not know, for segmenting only. */
  words: v.array(v.pipe(v.string(), v.trim(), v.minLength(1))),
})

const synonyms = v.parse(synonymDataSchema, synonymData)

const segmenter = new Intl.Segmenter('th', { granularity: 'word' })

/** Known words by their first character, longest first. */
const knownWordsByFirst = new Map<string, string[]>()
for (const word of [...synonyms.groups.flatMap((group) => group.words), ...synonyms.words]) {
  const lowered = word.toLowerCase()
  // Phrases are matched as phrases (search-relevance.ts), never segmented as one word.
  if (/\s/.test(lowered)) continue
  const first = lowered[0] ?? ''
  const list = knownWordsByFirst.get(first) ?? []
  if (!list.includes(lowered)) list.push(lowered)
  knownWordsByFirst.set(first, list)
}
for (const list of knownWordsByFirst.values()) list.sort((left, right) => right.length - left.length)

type Pieces = { words: { start: number; end: number }[]; ends: Set<number> }

function piecesOf(text: string): Pieces {
  const words: { start: number; end: number }[] = []
  const ends = new Set<number>()
  for (const segment of segmenter.segment(text)) {
    const end = segment.index + segment.segment.length
    ends.add(end)
    if (segment.isWordLike === true) words.push({ start: segment.index, end })
  }
  return { words, ends }
}

/** Known words that start at `start` and end where a piece ends, longest first. */
function knownWordsAt(text: string, start: number, ends: Set<number>): string[] {
  const candidates = knownWordsByFirst.get(text[start] ?? '')
  if (candidates === undefined) return []
  return candidates.filter((word) => ends.has(start + word.length) && text.startsWith(word, start))
}

/**
 * Every word of a lowered text, each once: the word breaker's pieces and the known words they
 * spell (both: 'มือถือ' gives 'มือ', 'ถือ' and 'มือถือ'), in no particular order.
 */
export function wordsOfText(text: string): string[] {
  const { words, ends } = piecesOf(text)
  const found = new Set<string>()
  for (const { start, end } of words) {
    found.add(text.slice(start, end))
    for (const known of knownWordsAt(text, start, ends)) found.add(known)
  }
  return [...found]
}

/**
 * The words of a lowered search, in order: the longest known word at each piece, else the piece
 * ('โทรศัพท์มือถือ' → 'โทรศัพท์', 'มือถือ'). Empty when the search has no letters or digits.
 */
export function wordsOfSearch(term: string): string[] {
  const { words, ends } = piecesOf(term)
  const found: string[] = []
  let reached = 0
  for (const { start, end } of words) {
    if (start < reached) continue
    const [longest] = knownWordsAt(term, start, ends)
    const word = longest !== undefined && longest.length > end - start ? longest : term.slice(start, end)
    found.push(word)
    reached = start + word.length
  }
  return found
}

export type SynonymGroup = { categories: readonly MerchantCategoryId[]; words: readonly string[] }

/** The synonym groups, their words lower-cased, each once. */
export const synonymGroups: readonly SynonymGroup[] = synonyms.groups.map((group) => ({
  categories: group.categories,
  words: [...new Set(group.words.map((member) => member.toLowerCase()))],
}))
