/**
 * The one meaning of a text search, for the catalogue (docs/decisions/004) and the help pages'
 * FAQ: the term is trimmed and lower-cased, and it matches any text that contains it, lowered
 * the same way, anywhere. Thai is written without spaces between words and has no letter case,
 * so a word in the middle of a sentence is found and English matches whatever its case. An empty
 * term is no search.
 */
export function normalizeSearchTerm(term: string): string {
  return term.trim().toLowerCase()
}

/** Whether `text` contains `normalizedTerm` (from `normalizeSearchTerm`) under the same lowering. */
export function containsSearchTerm(text: string, normalizedTerm: string): boolean {
  return normalizedTerm !== '' && text.toLowerCase().includes(normalizedTerm)
}

/**
 * Where `normalizedTerm` occurs in `text`, as `[start, end)` ranges of `text`, for marking the
 * matches. Empty when the lowering changes the text's length (a few non-Thai letters do), where
 * positions in the lowered text are not positions in `text`.
 */
export function findSearchTermRanges(text: string, normalizedTerm: string): [number, number][] {
  const lowered = text.toLowerCase()
  if (normalizedTerm === '' || lowered.length !== text.length) return []
  const ranges: [number, number][] = []
  for (let start = lowered.indexOf(normalizedTerm); start !== -1;) {
    ranges.push([start, start + normalizedTerm.length])
    start = lowered.indexOf(normalizedTerm, start + normalizedTerm.length)
  }
  return ranges
}
