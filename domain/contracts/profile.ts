import * as v from 'valibot'
import { identifierKinds, signInCodeSchema, signInIdentifierSchema } from './auth.ts'
import {
  normalizeEmailAddress,
  normalizeThaiMobileNumber,
  normalizeThaiNationalId,
} from '../validation/thai-identifiers.ts'
import { textSchema } from '../validation/text.ts'

/**
 * The profile form (`/profile/edit`) and `PUT /api/buyers/{buyerId}/profile` (idempotent: the
 * body is the whole profile) → `Buyer`. The same schema validates in the browser and on the
 * server. A rejected save answers 400 `invalid_request` with
 * `details.fields = { <field>: <ProfileFieldErrorCode> }`.
 *
 * Issue messages are reason codes, never texts: the client maps them to the spec's messages
 * (`required` → ' * This field is required.', `invalid_email` → ' * invalid email address.',
 * `invalid_phone` → ' * Please enter a valid phone number.').
 *
 * The schema takes what a form holds (strings; `age` as a number or a digit string; empty
 * optional fields as '' or null) and outputs the canonical profile.
 */

export const genders = ['male', 'female', 'others', 'unspecified'] as const
export type Gender = (typeof genders)[number]

export const profileFields = [
  'firstName',
  'lastName',
  'age',
  'gender',
  'email',
  'phone',
  'birthDate',
  'phoneOrIdNumber',
] as const
export type ProfileField = (typeof profileFields)[number]

export const profileFieldErrorCodes = [
  /** Missing or empty. */
  'required',
  /** Longer than `profileNameMaxLength`. */
  'too_long',
  'invalid_email',
  'invalid_phone',
  /** Not a whole number from 0 to `profileMaxAge`. */
  'invalid_age',
  /** Spec section 1: members are 18 or older. */
  'under_18',
  /** Not a gender of `genders`. */
  'invalid_gender',
  /** Not a real `YYYY-MM-DD` date in the past. */
  'invalid_birth_date',
  /** The birth date gives an age more than a year away from `age`. */
  'birth_date_mismatch',
  /** Neither a Thai mobile number nor a 13-digit national ID with a valid checksum. */
  'invalid_id_number',
  /**
   * Another buyer already signs in with this email or phone: the profile form shows it on the
   * field when `POST …/identifier-changes` answers `identifier_taken` (`PUT …/profile` never looks).
   */
  'taken',
  /** A NUL character or a broken (unpaired surrogate) character (domain/validation/text.ts). */
  'invalid_text',
] as const
export type ProfileFieldErrorCode = (typeof profileFieldErrorCodes)[number]

export const profileMinimumAge = 18
export const profileMaxAge = 120
export const profileNameMaxLength = 100

const nameSchema = v.pipe(
  textSchema('required'),
  v.trim(),
  v.nonEmpty('required'),
  v.maxLength(profileNameMaxLength, 'too_long'),
)

const ageSchema = v.pipe(
  v.union([v.number(), textSchema()], 'required'),
  v.rawTransform<number | string, number>(({ dataset, addIssue, NEVER }) => {
    const value = dataset.value
    if (typeof value === 'number') {
      if (Number.isInteger(value) && value >= 0 && value <= profileMaxAge) return value
      addIssue({ message: 'invalid_age' })
      return NEVER
    }
    const trimmed = value.trim()
    if (trimmed === '') {
      addIssue({ message: 'required' })
      return NEVER
    }
    if (!/^\d{1,3}$/.test(trimmed) || Number(trimmed) > profileMaxAge) {
      addIssue({ message: 'invalid_age' })
      return NEVER
    }
    return Number(trimmed)
  }),
  v.minValue(profileMinimumAge, 'under_18'),
)

const genderSchema = v.pipe(textSchema('required'), v.nonEmpty('required'), v.picklist(genders, 'invalid_gender'))

const emailSchema = v.pipe(
  textSchema('required'),
  v.trim(),
  v.nonEmpty('required'),
  v.rawTransform<string, string>(({ dataset, addIssue, NEVER }) => {
    const email = normalizeEmailAddress(dataset.value)
    if (email !== undefined) return email
    addIssue({ message: 'invalid_email' })
    return NEVER
  }),
)

const phoneSchema = v.pipe(
  textSchema('required'),
  v.trim(),
  v.nonEmpty('required'),
  v.rawTransform<string, string>(({ dataset, addIssue, NEVER }) => {
    const phone = normalizeThaiMobileNumber(dataset.value)
    if (phone !== undefined) return phone
    addIssue({ message: 'invalid_phone' })
    return NEVER
  }),
)

/** '' and null mean "not given". */
function optionalTextSchema<Output>(parse: (value: string) => Output | undefined, code: ProfileFieldErrorCode) {
  return v.pipe(
    v.optional(v.nullable(textSchema(code)), null),
    v.rawTransform<string | null, Output | null>(({ dataset, addIssue, NEVER }) => {
      const trimmed = dataset.value?.trim() ?? ''
      if (trimmed === '') return null
      const parsed = parse(trimmed)
      if (parsed !== undefined) return parsed
      addIssue({ message: code })
      return NEVER
    }),
  )
}

/** A real calendar date `YYYY-MM-DD`, no later than today. */
function parseBirthDate(value: string, today: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (match === null) return undefined
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  const isRealDate = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  if (!isRealDate || year < 1900 || value > today) return undefined
  return value
}

/** Completed years between a birth date and today, both `YYYY-MM-DD`. */
export function ageOn(birthDate: string, today: string): number {
  const [birthYear, birthMonthDay] = [Number(birthDate.slice(0, 4)), birthDate.slice(5)]
  const [year, monthDay] = [Number(today.slice(0, 4)), today.slice(5)]
  return year - birthYear - (monthDay < birthMonthDay ? 1 : 0)
}

/** Today in Bangkok (`YYYY-MM-DD`): Thai shoppers' birthdays turn over at Thai midnight. */
export function bangkokToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 7 * 60 * 60 * 1000).toISOString().slice(0, 10)
}

/** A Thai mobile number (normalized to `0XXXXXXXXX`) or a 13-digit national ID (digits only). */
function parsePhoneOrIdNumber(value: string): string | undefined {
  return normalizeThaiMobileNumber(value) ?? normalizeThaiNationalId(value)
}

export type ProfileSchemaOptions = {
  /** The clock for birth-date checks; tests fix it. */
  now?: () => Date
}

export function createProfileSchema(options: ProfileSchemaOptions = {}) {
  const now = options.now ?? (() => new Date())
  return v.pipe(
    v.object(
      {
        firstName: nameSchema,
        lastName: nameSchema,
        age: ageSchema,
        gender: genderSchema,
        email: emailSchema,
        phone: phoneSchema,
        /** ISO date `YYYY-MM-DD`, optional. */
        birthDate: optionalTextSchema((value) => parseBirthDate(value, bangkokToday(now())), 'invalid_birth_date'),
        /** Optional: a Thai mobile number or a 13-digit national ID. */
        phoneOrIdNumber: optionalTextSchema(parsePhoneOrIdNumber, 'invalid_id_number'),
      },
      'required',
    ),
    v.forward(
      v.partialCheck(
        [['age'], ['birthDate']],
        (input) => input.birthDate === null || Math.abs(ageOn(input.birthDate, bangkokToday(now())) - input.age) <= 1,
        'birth_date_mismatch',
      ),
      ['birthDate'],
    ),
  )
}

export const profileSchema = createProfileSchema()

/** What a form or a client sends. */
export type ProfileInput = v.InferInput<typeof profileSchema>
/** What the server stores. */
export type Profile = v.InferOutput<typeof profileSchema>

/**
 * Email and phone are sign-in identifiers, so `PUT …/profile` never changes them: a new one must
 * first be proven with a code sent to it (an address typed wrong, or someone else's, must never
 * sign anyone into this account).
 *
 * - `POST /api/buyers/{buyerId}/identifier-changes` `{ identifier }` → 202 `IdentifierChangeResponse`:
 *   sends a 6-digit code to the new email or phone; the buyer keeps signing in with the old one.
 *   A new request replaces the pending change of that kind. At most `identifierChangeCodesPerHour`
 *   codes per buyer per hour, refusals of a taken address included (429 `too_many_codes`; also when
 *   the address had 20 codes in the hour, sign-in codes included). 409 `identifier_taken`, 400
 *   `identifier_unchanged`.
 * - `POST /api/buyers/{buyerId}/identifier-changes/confirmations` `{ identifier, code }` → 200 `Buyer`:
 *   the identifier changes; the old address is told; every other session of the buyer ends.
 *   400 `invalid_code` / `code_expired`, 429 `too_many_attempts`, 409 `identifier_taken`.
 * - `DELETE /api/buyers/{buyerId}/identifier-changes/{kind}` → 204: drops the pending change.
 */
export const identifierChangeCodesPerHour = 5

export const identifierChangeRequestSchema = v.object({ identifier: signInIdentifierSchema }, 'required')
export type IdentifierChangeRequest = v.InferInput<typeof identifierChangeRequestSchema>

export const identifierChangeConfirmationSchema = v.object(
  { identifier: signInIdentifierSchema, code: signInCodeSchema },
  'required',
)
export type IdentifierChangeConfirmation = v.InferInput<typeof identifierChangeConfirmationSchema>

export const identifierKindParamSchema = v.object({ kind: v.picklist(identifierKinds, 'invalid_request') })

/** A new email or phone waiting for its code. */
export const pendingIdentifierSchema = v.object({
  kind: v.picklist(identifierKinds),
  /** Canonical (see `parseSignInIdentifier`). */
  identifier: v.string(),
  /** ISO 8601: when the code stops working and the change is dropped. */
  expiresAt: v.string(),
})
export type PendingIdentifier = v.InferOutput<typeof pendingIdentifierSchema>

export const identifierChangeResponseSchema = v.object({
  ...pendingIdentifierSchema.entries,
  resendAfterSeconds: v.pipe(v.number(), v.integer(), v.minValue(0)),
})
export type IdentifierChangeResponse = v.InferOutput<typeof identifierChangeResponseSchema>

/** `GET /api/buyers/{buyerId}/profile`: the stored profile; `null` where the buyer has not filled it in. */
export const storedProfileSchema = v.object({
  firstName: v.nullable(v.string()),
  lastName: v.nullable(v.string()),
  age: v.nullable(v.pipe(v.number(), v.integer())),
  gender: v.nullable(v.picklist(genders)),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  birthDate: v.nullable(v.string()),
  phoneOrIdNumber: v.nullable(v.string()),
  /** New identifiers waiting for confirmation (at most one per kind). */
  pendingIdentifiers: v.array(pendingIdentifierSchema),
})
export type StoredProfile = v.InferOutput<typeof storedProfileSchema>

export type ProfileFieldErrors = Partial<Record<ProfileField, ProfileFieldErrorCode>>

function isProfileField(value: unknown): value is ProfileField {
  return typeof value === 'string' && (profileFields as readonly string[]).includes(value)
}

function isProfileFieldErrorCode(value: string): value is ProfileFieldErrorCode {
  return (profileFieldErrorCodes as readonly string[]).includes(value)
}

/** The first reason per field from a set of valibot issues of `profileSchema`. */
export function profileFieldErrorsOf(issues: readonly v.BaseIssue<unknown>[]): ProfileFieldErrors {
  const errors: ProfileFieldErrors = {}
  for (const issue of issues) {
    const field = issue.path?.[0]?.key
    if (!isProfileField(field) || errors[field] !== undefined) continue
    errors[field] = isProfileFieldErrorCode(issue.message) ? issue.message : 'required'
  }
  return errors
}

/** `{}` when the input is a valid profile; otherwise the first reason per field. */
export function profileFieldErrors(input: unknown, options?: ProfileSchemaOptions): ProfileFieldErrors {
  const schema = options === undefined ? profileSchema : createProfileSchema(options)
  const result = v.safeParse(schema, input)
  if (result.success) return {}
  const errors = profileFieldErrorsOf(result.issues)
  // Not an object at all: every field is missing.
  if (Object.keys(errors).length === 0) return Object.fromEntries(profileFields.map((field) => [field, 'required']))
  return errors
}
