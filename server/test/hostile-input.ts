import fc from 'fast-check'

/**
 * Malformed input for the API fuzz test (server/http/malformed-input.test.ts): what a broken
 * client, a scanner or a hostile network sends. Fixed tables plus a fixed-seed fast-check sample,
 * so every run sends the same requests and a failure names one that can be sent again.
 */

const fuzzSeed = 20_261_115

/** Deeply nested JSON text: `[[[…]]]` or `{"a":{"a":…}}`. */
export function deeplyNestedJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)
}

/** Nested JS values of the same shape, for bodies built with `JSON.stringify`. */
export function deeplyNestedValue(depth: number): unknown {
  let value: unknown = 'bottom'
  for (let level = 0; level < depth; level += 1) value = level % 2 === 0 ? [value] : { a: value }
  return value
}

/** Strings as JS sees them after JSON or URL decoding. */
export const hostileStrings: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'a\uDC00b',
  '\uDBFF\uDBFF',
  '\uDFFF\uD800',
  '\u0000\uD800',
  '😀',
  '\u202E\uFEFF\u200B',
  '\r\n\t',
  '%00',
  "' or 1=1 --",
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '-1',
  '1e400',
  'NaN',
  '9'.repeat(40),
  'null',
  '{}',
  'ก'.repeat(2_000),
  'x'.repeat(60_000),
]

/** JSON values of the wrong type (and right type, wrong shape). */
export const hostileJsonValues: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0,
  1e308,
  2 ** 53 + 1,
  [],
  {},
  ['\u0000'],
  { '\u0000': '\uD800' },
  JSON.parse('{"__proto__":{"polluted":true}}'),
  deeplyNestedValue(500),
]

/** Whole request bodies that are not the JSON the route reads. */
export const hostileRawBodies: readonly {
  label: string
  contentType: string | undefined
  body: string | Uint8Array
}[] = [
  { label: 'empty JSON body', contentType: 'application/json', body: '' },
  { label: 'truncated JSON', contentType: 'application/json', body: '{"a":' },
  { label: 'not JSON', contentType: 'application/json', body: 'nul' },
  { label: 'raw NUL', contentType: 'application/json', body: '\u0000' },
  { label: 'top-level null', contentType: 'application/json', body: 'null' },
  { label: 'top-level array', contentType: 'application/json', body: '[1,2]' },
  { label: 'top-level lone surrogate', contentType: 'application/json', body: '"\\ud800"' },
  { label: 'NUL key', contentType: 'application/json', body: '{"\\u0000":1}' },
  { label: 'lone surrogate key', contentType: 'application/json', body: '{"\\udc00":"\\ud800"}' },
  {
    label: 'invalid UTF-8',
    contentType: 'application/json',
    body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  },
  { label: 'deep arrays', contentType: 'application/json', body: deeplyNestedJson(20_000, 'array') },
  { label: 'deep objects', contentType: 'application/json', body: deeplyNestedJson(10_000, 'object') },
  { label: 'too large', contentType: 'application/json', body: `{"a":"${'x'.repeat(70_000)}"}` },
  { label: 'text/plain', contentType: 'text/plain', body: '{"a":1}' },
  { label: 'form', contentType: 'application/x-www-form-urlencoded', body: 'a=%00&b=%ED%A0%80' },
  { label: 'broken multipart', contentType: 'multipart/form-data; boundary=x', body: '--x\r\njunk' },
  { label: 'no content type', contentType: undefined, body: '{"a":1}' },
  { label: 'odd charset', contentType: 'application/json; charset=utf-16', body: '{"a":1}' },
  { label: 'image type, JSON bytes', contentType: 'image/png', body: '{"a":1}' },
]

/**
 * Percent-encodes every UTF-16 code unit as WTF-8 bytes: a lone surrogate becomes the 3 bytes a
 * careless encoder writes (`%ED%A0%80`), which is not UTF-8 at all. `encodeURIComponent` throws
 * on those, so it cannot be used to send them.
 */
export function percentEncodeCodeUnits(value: string): string {
  let encoded = ''
  for (const character of value) {
    const code = character.codePointAt(0) ?? 0
    const bytes =
      code >= 0xd800 && code <= 0xdfff
        ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        : [...Buffer.from(character, 'utf8')]
    encoded += bytes.map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('')
  }
  return encoded
}

/** URL path segments and query values, already percent-encoded as they go on the wire. */
export const hostileUrlValues: readonly string[] = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  'x%ED%B0%80y',
  '%C0%80',
  '%FF%FE',
  '%',
  '%zz',
  '%E0%B8',
  '%F0%9F%98%80',
  '%EF%BF%BF',
  '%2F..%2F',
  '%0D%0AX-Injected:%201',
  '-1',
  '1e400',
  '99999999999999999999',
  'x'.repeat(10_000),
  encodeURIComponent('{"category":"\u0000"}'),
  encodeURIComponent('{"merchant":"a"}').replace('a', '%ED%A0%80'),
  encodeURIComponent('{"comparisonKey":"a\u0000"}'),
  encodeURIComponent('{"status":1,"accepted":"\u0000"}'),
  encodeURIComponent(deeplyNestedJson(400, 'array')),
  encodeURIComponent('{"a":'),
  '[]',
]

/** Random strings of any UTF-16 code units (lone surrogates and NUL included), the same every run. */
export const sampledStrings: readonly string[] = fc.sample(
  fc.string({ unit: fc.nat(0xffff).map((code) => String.fromCharCode(code)), minLength: 1, maxLength: 12 }),
  { seed: fuzzSeed, numRuns: 12 },
)

/** Random JSON values, the same every run. */
export const sampledJsonValues: readonly unknown[] = fc.sample(fc.jsonValue({ maxDepth: 3 }), {
  seed: fuzzSeed,
  numRuns: 8,
})

/** Random byte strings percent-encoded (mostly invalid UTF-8), the same every run. */
export const sampledUrlValues: readonly string[] = [
  ...sampledStrings.map(percentEncodeCodeUnits),
  ...fc
    .sample(fc.uint8Array({ minLength: 1, maxLength: 8 }), { seed: fuzzSeed, numRuns: 8 })
    .map((bytes) => [...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')),
]
