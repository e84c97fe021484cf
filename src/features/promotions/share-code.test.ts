import { describe, expect, it } from 'vitest'
import { canShare, findClipboardSupport, isShareCancelled } from './share-code'

const writeText = () => Promise.resolve()
const share = () => Promise.resolve()

describe('findClipboardSupport', () => {
  it('copies with the Clipboard API in a secure context', () => {
    expect(findClipboardSupport({ isSecureContext: true, clipboard: { writeText } })).toBe('clipboard')
  })

  it('says it does not work on plain http, where browsers leave the Clipboard API out', () => {
    expect(findClipboardSupport({ isSecureContext: false, clipboard: undefined })).toBe('insecure_context')
    expect(findClipboardSupport({ isSecureContext: false, clipboard: { writeText } })).toBe('insecure_context')
    expect(findClipboardSupport({ isSecureContext: true, clipboard: {} })).toBe('insecure_context')
  })
})

describe('canShare', () => {
  it('offers sharing only where the Web Share API is there', () => {
    expect(canShare({ isSecureContext: true, share })).toBe(true)
    expect(canShare({ isSecureContext: true })).toBe(false)
    expect(canShare({ isSecureContext: false, share })).toBe(false)
  })
})

describe('isShareCancelled', () => {
  it('treats closing the share sheet as no failure', () => {
    expect(isShareCancelled(new DOMException('cancelled', 'AbortError'))).toBe(true)
    expect(isShareCancelled(new DOMException('denied', 'NotAllowedError'))).toBe(false)
    expect(isShareCancelled(new Error('other'))).toBe(false)
  })
})
