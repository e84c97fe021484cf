/**
 * How the referral code can leave the phone. The Clipboard API exists only in a secure context
 * (https or localhost): on plain http `navigator.clipboard` is undefined, and the screen says so
 * ('Not working on http protocol') rather than pretending to copy. Sharing uses the Web Share API
 * and is hidden where there is none (most desktop browsers, plain http).
 */
export type ClipboardSupport = 'clipboard' | 'insecure_context'

type BrowserFeatures = {
  isSecureContext: boolean
  clipboard?: { writeText?: unknown } | undefined
  share?: unknown
}

export function findClipboardSupport(browser: BrowserFeatures): ClipboardSupport {
  return browser.isSecureContext && typeof browser.clipboard?.writeText === 'function'
    ? 'clipboard'
    : 'insecure_context'
}

export function canShare(browser: BrowserFeatures): boolean {
  return browser.isSecureContext && typeof browser.share === 'function'
}

/** What the current browser offers (read at the tap: a test or an extension may change it). */
export function readBrowserFeatures(): BrowserFeatures {
  return {
    isSecureContext: window.isSecureContext,
    // `navigator.clipboard` is typed as always present; on plain http it is not.
    clipboard: (navigator as { clipboard?: Clipboard }).clipboard,
    share: (navigator as { share?: Navigator['share'] }).share,
  }
}

/** The user closed the share sheet: not a failure to report. */
export function isShareCancelled(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}
