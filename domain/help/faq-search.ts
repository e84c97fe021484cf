import { containsSearchTerm, normalizeSearchTerm } from '../search-text.ts'

/** An FAQ entry as the page shows it: texts in the page's language with their figures filled in. */
export type SearchableFaqEntry = {
  question: string
  answer: string
  /** The same question and answer in the other language: a Thai reader may type "PromptPay". */
  otherLanguage: readonly string[]
}

/**
 * The entries that contain `search` (the catalogue's meaning, domain/search-text.ts: trimmed,
 * case-insensitive, anywhere in the text, so a Thai word inside a question is found). Those whose
 * question contains it come first, then those whose answer does, then the other language's; in
 * each group the entries keep their order. An empty search finds nothing.
 */
export function searchFaq<Entry extends SearchableFaqEntry>(entries: readonly Entry[], search: string): Entry[] {
  const term = normalizeSearchTerm(search)
  if (term === '') return []
  const rankOf = (entry: Entry): number | undefined => {
    if (containsSearchTerm(entry.question, term)) return 0
    if (containsSearchTerm(entry.answer, term)) return 1
    if (entry.otherLanguage.some((text) => containsSearchTerm(text, term))) return 2
    return undefined
  }
  return entries
    .flatMap((entry) => {
      const rank = rankOf(entry)
      return rank === undefined ? [] : [{ entry, rank }]
    })
    .sort((left, right) => left.rank - right.rank)
    .map(({ entry }) => entry)
}
