/** `text` taken literally inside a LIKE/ILIKE pattern: its `\`, `%` and `_` escaped. */
function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`)
}

/** A LIKE/ILIKE pattern matching any value that contains `text` as typed. */
export function containingPattern(text: string): string {
  return `%${escapeLikePattern(text)}%`
}
