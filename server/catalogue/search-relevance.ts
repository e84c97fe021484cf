import type { MerchantCategoryId } from '#domain/categories'
import { synonymGroups, wordsOfSearch, wordsOfText } from '#server/catalogue/search-words'

/**
 * What a catalogue search finds and how relevant each find is (docs/decisions/020), written as
 * plainly as possible: catalogue-index.ts answers the same with indexes, and its tests compare the
 * two. A search is trimmed and lower-cased (domain/search-text.ts) and split into words
 * (search-words.ts); a name is lower-cased and split the same way.
 *
 * Each word of the search is found in a field (a product's own names, its merchant's names, or a
 * merchant's names) at the best of these kinds, most relevant first:
 *
 * 1. exact: a word of the field is the word ('phone' in 'Phone Stand');
 * 2. prefix: a word of the field starts with it ('phone' in 'Phones');
 * 3. synonym: a word of the field starts with one of its synonyms (search-synonyms.json: 'phone'
 *    in 'Smartphone', 'มือถือ' in 'สมาร์ทโฟน'), or the field holds a synonym that is a phrase;
 * 4. substring: the field holds it anywhere ('phone' in 'Microphone'; one or two Thai letters
 *    anywhere), as every search did before;
 * 5. fuzzy: a search word of 4 or more letters and no digits is a typo of a word of the field: the
 *    two differ in length by at most 2 and their trigram similarity is at least `fuzzySimilarity`
 *    (the length keeps 'มือ', a piece of many Thai words, from passing for a typo of 'มือถือ').
 *
 * A product's own names outrank its merchant's names, which count as exact, prefix or substring
 * only (a search for a shop finds its products, after the products that are what was searched
 * for); fuzzy finds come last. An item is found when every word of the search is found, and is as
 * relevant as its least relevant word. The whole search is also looked for as if it were one
 * word, and an item is as relevant as the better of the two (`relevanceTier`).
 *
 * A search that names a kind of goods (a word of a synonym group, which says what categories such
 * goods are sold in) ranks word finds of those categories before word finds of others
 * (`rankedTier`): 'มือถือ' lists phones, found by synonym, before the phone repairs whose names hold
 * the word itself, and those before the microphones 'phone' is only a part of. Finds of one tier
 * are ordered by popularity.
 */

/** Not found: larger than every tier. */
export const noMatch = 255

/** The tier each kind of find in a field gives; `undefined`: the kind does not apply there. */
export type FieldTiers = {
  exact: number
  prefix: number
  synonym: number | undefined
  substring: number
  fuzzy: number | undefined
}

export const productNameTiers: FieldTiers = { exact: 0, prefix: 1, synonym: 2, substring: 3, fuzzy: 7 }
export const productMerchantTiers: FieldTiers = {
  exact: 4,
  prefix: 5,
  synonym: undefined,
  substring: 6,
  fuzzy: undefined,
}
export const merchantNameTiers: FieldTiers = { exact: 0, prefix: 1, synonym: 2, substring: 3, fuzzy: 4 }
/** Tiers below this are word finds in an item's own names: the word, a word it starts, a synonym. */
const wordFindTiers = 3
/** Ranked tiers (`rankedTier`): of a product search 0–11, of a merchant search 0–8. */
export const tierCount = 12

/** How close a typo must be (pg_trgm's default threshold, over one word at a time). */
export const fuzzySimilarity = 0.3
const fuzzyLengthDifference = 2
const fuzzyMinimumLength = 4

/** A synonym to look for: a word's start (`isPhrase` false) or anywhere in the field. */
export type Needle = { text: string; isPhrase: boolean }

export type SearchWord = {
  text: string
  synonyms: readonly Needle[]
  /** Its trigrams when typos of it are searched for. */
  trigrams: readonly string[] | undefined
}

export type SearchPlan = {
  /** The whole search, trimmed and lower-cased. */
  term: string
  words: readonly SearchWord[]
  /**
   * The whole search, found as if it were one word too (it is not when the word breaker split it:
   * 'โทรศัพ', typed on the way to 'โทรศัพท์', is 'โทร' + 'ศัพ'; the typo 'มือถอ' is 'มือ' + 'ถอ'; 'running
   * shoes' is a phrase of the synonym list).
   */
  whole: SearchWord
  /** Whether `whole` is `words`' only word, so looking for it again finds nothing more. */
  isOneWord: boolean
  /**
   * The categories of the goods the search names (its words' synonym groups), whose items rank
   * first; `undefined` when it names none.
   */
  categories: ReadonlySet<MerchantCategoryId> | undefined
}

/** The separator between a field's names: no search can hold U+0000 (domain/validation/text.ts). */
export const fieldSeparator = '\u0000'

/** The distinct trigrams of a word, padded as pg_trgm pads: two spaces before, one after. */
export function trigramsOf(word: string): string[] {
  const padded = `  ${word} `
  const trigrams = new Set<string>()
  for (let start = 0; start + 3 <= padded.length; start += 1) trigrams.add(padded.slice(start, start + 3))
  return [...trigrams]
}

/**
 * Whether a word is a typo of a search word, from their lengths, their numbers of trigrams and the
 * number they share.
 */
export function isTypo(
  search: { length: number; trigrams: number },
  word: { length: number; trigrams: number },
  shared: number,
): boolean {
  return (
    Math.abs(search.length - word.length) <= fuzzyLengthDifference &&
    shared / (search.trigrams + word.trigrams - shared) >= fuzzySimilarity
  )
}

function needleOf(text: string): Needle {
  const words = wordsOfSearch(text)
  return { text, isPhrase: !(words.length === 1 && words[0] === text) }
}

const synonymsByMember = new Map<string, Needle[]>()
const categoriesByMember = new Map<string, MerchantCategoryId[]>()
for (const group of synonymGroups) {
  for (const member of group.words) {
    const needles = synonymsByMember.get(member) ?? []
    for (const other of group.words) {
      if (other !== member && !needles.some((needle) => needle.text === other)) needles.push(needleOf(other))
    }
    synonymsByMember.set(member, needles)
    categoriesByMember.set(member, [...(categoriesByMember.get(member) ?? []), ...group.categories])
  }
}

/** The one-word members of the synonym groups, each as a field: what a search word may be a typo of. */
const memberFields = [...categoriesByMember.keys()]
  .filter((member) => !/\s/.test(member))
  .map((member) => ({ member, field: { text: member, words: [member] } }))

/** The categories of the goods `word` names: its synonym groups', or those of the members it is a typo of. */
function categoriesOf(word: SearchWord): readonly MerchantCategoryId[] {
  const named = categoriesByMember.get(word.text)
  if (named !== undefined) return named
  return memberFields.flatMap(({ member, field }) =>
    holdsTypoOf(field, word) ? (categoriesByMember.get(member) ?? []) : [],
  )
}

function categoriesNamedBy(words: readonly SearchWord[]): ReadonlySet<MerchantCategoryId> | undefined {
  const categories = words.flatMap(categoriesOf)
  return categories.length === 0 ? undefined : new Set(categories)
}

function searchWordOf(text: string): SearchWord {
  return {
    text,
    synonyms: synonymsByMember.get(text) ?? [],
    trigrams: text.length >= fuzzyMinimumLength && !/[\d\s]/.test(text) ? trigramsOf(text) : undefined,
  }
}

/** `term`: trimmed, lower-cased and not empty. */
export function planSearch(term: string): SearchPlan {
  const texts = wordsOfSearch(term)
  const words = texts.map(searchWordOf)
  const whole = searchWordOf(term)
  return {
    term,
    words,
    whole,
    isOneWord: texts.length === 1 && texts[0] === term,
    categories: categoriesNamedBy([...words, whole]),
  }
}

/** A field as searched: its names, lower-cased and joined by `fieldSeparator`, and their words. */
export type SearchField = { text: string; words: readonly string[] }

export function searchFieldOf(names: readonly string[]): SearchField {
  const lowered = names.map((name) => name.toLowerCase())
  return { text: lowered.join(fieldSeparator), words: [...new Set(lowered.flatMap(wordsOfText))] }
}

function holdsNeedle(field: SearchField, needle: Needle): boolean {
  return needle.isPhrase ? field.text.includes(needle.text) : field.words.some((word) => word.startsWith(needle.text))
}

/** The tier at which `word` is found in `field`, or `noMatch`. */
export function wordTier(word: SearchWord, field: SearchField, tiers: FieldTiers): number {
  if (field.words.includes(word.text)) return tiers.exact
  if (field.words.some((fieldWord) => fieldWord.startsWith(word.text))) return tiers.prefix
  if (tiers.synonym !== undefined && word.synonyms.some((needle) => holdsNeedle(field, needle))) return tiers.synonym
  if (field.text.includes(word.text)) return tiers.substring
  if (tiers.fuzzy !== undefined && holdsTypoOf(field, word)) return tiers.fuzzy
  return noMatch
}

function holdsTypoOf(field: SearchField, word: SearchWord): boolean {
  const { trigrams } = word
  if (trigrams === undefined) return false
  return field.words.some((fieldWord) => {
    if (Math.abs(fieldWord.length - word.text.length) > fuzzyLengthDifference) return false
    const wordTrigrams = trigramsOf(fieldWord)
    const shared = wordTrigrams.filter((trigram) => trigrams.includes(trigram)).length
    return isTypo(
      { length: word.text.length, trigrams: trigrams.length },
      { length: fieldWord.length, trigrams: wordTrigrams.length },
      shared,
    )
  })
}

/** The tier of an item whose fields are `fields`, or `noMatch`. */
export function relevanceTier(plan: SearchPlan, fields: readonly { field: SearchField; tiers: FieldTiers }[]): number {
  let best = noMatch
  for (const { field, tiers } of fields) best = Math.min(best, wordTier(plan.whole, field, tiers))
  if (plan.words.length === 0) return best
  let weakest = 0
  for (const word of plan.words) {
    let found = noMatch
    for (const { field, tiers } of fields) found = Math.min(found, wordTier(word, field, tiers))
    weakest = Math.max(weakest, found)
  }
  return Math.min(best, weakest)
}

/**
 * The tier an item found at `tier` in fields searched with `tiers` (`relevanceTier`) is ranked at,
 * given its category. Finds of one kind keep their order, and the categories the search names go
 * first where the kind says what the item is: word finds in its own names of those categories
 * (0–2), then word finds of other categories (3–5), then the other kinds in their order
 * (substrings, a product found by its merchant's names), then typos of those categories, then
 * other typos. A search that names no kind of goods treats every category as named, which keeps
 * the order of `relevanceTier`.
 */
export function rankedTier(plan: SearchPlan, tier: number, tiers: FieldTiers, categoryId: MerchantCategoryId): number {
  if (tier === noMatch) return noMatch
  const isNamed = plan.categories === undefined || plan.categories.has(categoryId)
  if (tier < wordFindTiers) return isNamed ? tier : tier + wordFindTiers
  if (tier === tiers.fuzzy) return tier + wordFindTiers + (isNamed ? 0 : 1)
  return tier + wordFindTiers
}
