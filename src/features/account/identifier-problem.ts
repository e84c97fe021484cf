import { parseSignInIdentifier } from '#domain/contracts/auth'

export type IdentifierProblem = 'required' | 'invalid_email' | 'invalid_phone' | 'invalid_identifier'

/**
 * What is wrong with a typed sign-in identifier, if anything. Something that looks like an email
 * (has `@`) or a phone number (only digits, spaces, dashes, `+`) gets that kind's message (spec
 * section 5); anything else gets the spec's 'your email phone number is wrong please try again'.
 */
export function identifierProblem(input: string): IdentifierProblem | undefined {
  const trimmed = input.trim()
  if (trimmed === '') return 'required'
  if (parseSignInIdentifier(trimmed) !== undefined) return undefined
  if (trimmed.includes('@')) return 'invalid_email'
  if (/^[\d\s+()-]+$/.test(trimmed)) return 'invalid_phone'
  return 'invalid_identifier'
}

/** Only paths inside this app, so a crafted link cannot send a fresh sign-in elsewhere. */
export function safeRedirectPath(redirect: string | undefined): string | undefined {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.includes('\\')) return undefined
  return redirect
}
