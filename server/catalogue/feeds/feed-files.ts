import { Readable } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'
import { parse as parseCsv } from 'csv-parse'
import { SaxesParser } from 'saxes'

/**
 * Streaming readers for the files affiliate networks and merchants publish: CSV, TSV and RSS 2.0
 * or Atom XML. Each yields one record of text fields at a time, so a file of a million rows is
 * read in bounded memory; the caller validates each record (feed-records.ts).
 */

/**
 * One row of a feed: its number (1 is the first row after a header, or the first item), its
 * non-empty fields, and the fields cut at `maxFeedFieldLength` (validation refuses the row).
 */
export type FeedRow = { row: number; fields: Map<string, string>; tooLong: string[] }

/** The file itself is broken (truncated, not CSV or XML, inconsistent columns): nothing of it is applied. */
export class MalformedFeedError extends Error {
  override name = 'MalformedFeedError'
}

/**
 * Longest field kept. Longer text is cut and the field named in the row's `tooLong`, so the row is
 * refused without this reader holding a huge value (a 10 MB title) for longer than one record.
 */
export const maxFeedFieldLength = 20_000
/** A CSV record longer than this is not a feed row: the file is refused. */
const maxCsvRecordBytes = 32 * 1024 * 1024

function setField(row: FeedRow, name: string, text: string): void {
  if (text.length > maxFeedFieldLength && !row.tooLong.includes(name)) row.tooLong.push(name)
  row.fields.set(name, text.slice(0, maxFeedFieldLength))
}

/** Reads the start of a stream to tell the format, then gives every chunk back, the first included. */
async function sniff(input: AsyncIterable<Buffer | string>): Promise<{ head: string; chunks: AsyncIterable<Buffer> }> {
  const iterator = input[Symbol.asyncIterator]()
  const first = await iterator.next()
  const firstChunk = first.done === true ? Buffer.alloc(0) : Buffer.from(first.value)
  async function* all(): AsyncGenerator<Buffer> {
    yield firstChunk
    if (first.done === true) return
    for (;;) {
      const next = await iterator.next()
      if (next.done === true) return
      yield Buffer.from(next.value)
    }
  }
  return {
    head: firstChunk
      .subarray(0, 4096)
      .toString('utf8')
      .replace(/^\uFEFF/, ''),
    chunks: all(),
  }
}

/**
 * Whether text has C0 control characters or DEL (a NUL is refused earlier, as broken text).
 * Tabs and line breaks are allowed where `allowLineBreaks` (terms are a term per line).
 */
export function hasControlCharacters(text: string, allowLineBreaks = false): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index)
    const isLineBreak = code === 0x09 || code === 0x0a || code === 0x0d
    if ((code < 0x20 || code === 0x7f) && !(allowLineBreaks && isLineBreak)) return true
  }
  return false
}

/** Header names as Google Merchant Center writes them (`g:price`, `Price`, ` price `) become `price`. */
function attributeName(name: string): string {
  return name.trim().toLowerCase().replace(/^g:/, '')
}

async function* readDelimited(chunks: AsyncIterable<Buffer>, delimiter: ',' | '\t'): AsyncGenerator<FeedRow> {
  const parser = parseCsv({
    bom: true,
    delimiter,
    // Google's tab-separated feeds have no quoting: a quote mark is part of the text (55" TV).
    quote: delimiter === '\t' ? false : '"',
    columns: (header: string[]) => header.map(attributeName),
    skip_empty_lines: true,
    max_record_size: maxCsvRecordBytes,
    info: true,
  })
  const source = Readable.from(chunks)
  source.on('error', (error) => parser.destroy(error))
  source.pipe(parser)
  let row = 0
  try {
    for await (const { record } of parser as AsyncIterable<{ record: Record<string, string> }>) {
      row += 1
      const feedRow: FeedRow = { row, fields: new Map(), tooLong: [] }
      for (const [name, value] of Object.entries(record)) {
        if (name !== '' && value !== '') setField(feedRow, name, value)
      }
      yield feedRow
    }
  } catch (error) {
    if (error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('CSV_')) {
      throw new MalformedFeedError(`the file is not valid ${delimiter === ',' ? 'CSV' : 'TSV'}: ${error.message}`)
    }
    throw error
  } finally {
    source.destroy()
  }
}

/** RSS 2.0 `<item>`s or Atom `<entry>`s; each child element is a field (`g:` prefix dropped). */
async function* readXml(chunks: AsyncIterable<Buffer>): AsyncGenerator<FeedRow> {
  const parser = new SaxesParser({ xmlns: false })
  const ready: FeedRow[] = []
  let row = 0
  let item: FeedRow | undefined
  let field: { name: string; text: string } | undefined
  let depthInItem = 0
  parser.on('opentag', (tag) => {
    const name = attributeName(tag.name)
    if (item === undefined) {
      if (name === 'item' || name === 'entry') {
        row += 1
        item = { row, fields: new Map(), tooLong: [] }
        depthInItem = 0
      }
      return
    }
    depthInItem += 1
    if (depthInItem === 1) {
      // Atom's <link href="…"/> carries its address in an attribute.
      const href = tag.attributes['href']
      field = { name, text: typeof href === 'string' && name === 'link' ? href : '' }
    }
  })
  const addText = (text: string) => {
    // One character past the limit is enough to know the field is too long.
    if (field !== undefined && field.text.length <= maxFeedFieldLength) field.text += text
  }
  parser.on('text', addText)
  parser.on('cdata', addText)
  parser.on('closetag', () => {
    if (item === undefined) return
    if (depthInItem === 0) {
      ready.push(item)
      item = undefined
      return
    }
    if (depthInItem === 1 && field !== undefined) {
      const text = field.text.trim()
      const known = item.fields.get(field.name)
      // The first of a repeated element wins, except additional pictures, which add up.
      if (text !== '' && known === undefined) setField(item, field.name, text)
      else if (text !== '' && field.name === 'additional_image_link') setField(item, field.name, `${known},${text}`)
      field = undefined
    }
    depthInItem -= 1
  })
  // A Thai letter is 3 bytes in UTF-8 and may be split between two chunks.
  const decoder = new StringDecoder('utf8')
  const feed = (write: () => void) => {
    try {
      write()
    } catch (error) {
      throw new MalformedFeedError(
        `the file is not well-formed XML: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
  }
  for await (const chunk of chunks) {
    feed(() => parser.write(decoder.write(chunk)))
    yield* ready.splice(0)
  }
  feed(() => parser.write(decoder.end()).close())
  yield* ready.splice(0)
}

/**
 * The rows of a tabular or XML feed, told apart by how the file starts: `<` is XML, a tab in the
 * header line is TSV, anything else CSV.
 */
export async function* readFeedRows(input: AsyncIterable<Buffer | string>): AsyncGenerator<FeedRow> {
  const { head, chunks } = await sniff(input)
  const start = head.trimStart()
  if (start === '') throw new MalformedFeedError('the file is empty')
  if (start.startsWith('<')) {
    yield* readXml(chunks)
    return
  }
  const headerLine = start.split(/\r?\n/, 1)[0] ?? ''
  yield* readDelimited(chunks, headerLine.includes('\t') ? '\t' : ',')
}
