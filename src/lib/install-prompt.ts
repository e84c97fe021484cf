import { useSyncExternalStore } from 'react'
import { useBrowserState } from './browser-state'

/** Chromium's install event; not in TypeScript's DOM library. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

let deferredPrompt: BeforeInstallPromptEvent | undefined
const listeners = new Set<() => void>()

function notify() {
  for (const listener of listeners) listener()
}

function isBeforeInstallPromptEvent(event: Event): event is BeforeInstallPromptEvent {
  return 'prompt' in event && typeof event.prompt === 'function'
}

/** Must run before the first render: the browser fires the event once, early. */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    if (!isBeforeInstallPromptEvent(event)) return
    // Keep the browser's mini-infobar away; the home screen offers installation in its own words.
    event.preventDefault()
    deferredPrompt = event
    notify()
  })
  window.addEventListener('appinstalled', () => {
    deferredPrompt = undefined
    notify()
  })
}

export type InstallOption = { kind: 'prompt'; install: () => Promise<void> } | { kind: 'ios-instructions' } | undefined

/** Opened as the installed app (from the home screen), not in a browser tab. */
export function isStandalone(): boolean {
  return window.matchMedia('(display-mode: standalone)').matches
}

function isIosSafari(): boolean {
  const userAgent = navigator.userAgent
  return /iPhone|iPad|iPod/.test(userAgent) && /Safari/.test(userAgent) && !/CriOS|FxiOS/.test(userAgent)
}

/**
 * Installing is offered from the app's second start on a phone: a first visit is for seeing what
 * the app is, and asking then is asking a stranger.
 */
export function isInstallOfferDue(appStarts: number): boolean {
  return appStarts >= 2
}

/**
 * How this browser can add the app to the home screen, if it is not installed already and the
 * shopper is back for at least the second time.
 */
export function useInstallOption(): InstallOption {
  const appStarts = useBrowserState((state) => state.appStarts)
  const prompt = useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => deferredPrompt,
    // Nothing to offer in a prerendered page: only the running app knows the browser.
    () => undefined,
  )
  if (typeof window === 'undefined' || isStandalone() || !isInstallOfferDue(appStarts)) return undefined
  if (prompt) {
    return {
      kind: 'prompt',
      async install() {
        await prompt.prompt()
        await prompt.userChoice
        deferredPrompt = undefined
        notify()
      },
    }
  }
  // iOS has no install prompt: the shopper adds the app through the Share sheet.
  return isIosSafari() ? { kind: 'ios-instructions' } : undefined
}
