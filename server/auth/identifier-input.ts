import { parseSignInIdentifier, type SignInIdentifier } from '#domain/contracts/auth'
import { ApiError } from '#server/http/api-error'

/** `invalid_identifier` when the identifier is malformed; `invalid_request` for anything else. */
export function identifierErrorCode(fields: Record<string, string>) {
  return fields['identifier'] === 'invalid_identifier' ? 'invalid_identifier' : 'invalid_request'
}

/** The validated identifier in canonical form (the schema has already checked it parses). */
export function canonicalIdentifier(identifier: string): SignInIdentifier {
  const parsed = parseSignInIdentifier(identifier)
  if (parsed === undefined) throw new ApiError(400, 'invalid_identifier', 'Not an email address or Thai mobile number')
  return parsed
}
