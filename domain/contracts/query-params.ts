import * as v from 'valibot'
import { textSchema } from '../validation/text.ts'

/** Query-string parameters arrive as strings; these read them into numbers and objects. */

/** A whole number from `minimum` to `maximum`, written in decimal digits. */
export function integerQuerySchema(minimum: number, maximum: number) {
  return v.pipe(
    textSchema(),
    v.description(`A whole number from ${minimum} to ${maximum}`),
    v.regex(/^\d{1,10}$/, 'Expected a whole number'),
    v.transform(Number),
    v.minValue(minimum),
    v.maxValue(maximum),
  )
}

/**
 * A JSON object in one query parameter. Parsed here rather than with `v.parseJson()` so the
 * OpenAPI document describes the parameter as the string it is on the wire.
 */
export function jsonQuerySchema<Output extends object>(schema: v.GenericSchema<unknown, Output>, description: string) {
  return v.optional(
    v.pipe(
      textSchema(),
      v.maxLength(1000),
      v.description(description),
      v.rawTransform<string, Output>(({ dataset, addIssue, NEVER }) => {
        let json: unknown
        try {
          json = JSON.parse(dataset.value)
        } catch {
          addIssue({ message: 'Expected a JSON object' })
          return NEVER
        }
        if (typeof json !== 'object' || json === null || Array.isArray(json)) {
          addIssue({ message: 'Expected a JSON object' })
          return NEVER
        }
        const result = v.safeParse(schema, json)
        if (result.success) return result.output
        for (const issue of result.issues) {
          const path = v.getDotPath(issue)
          addIssue({ message: path === null ? issue.message : `${path}: ${issue.message}` })
        }
        return NEVER
      }),
    ),
  )
}
