import type { Locale } from '#domain/locale'
import { isStandalone } from '../../lib/install-prompt'
import { removePushSubscription, savePushSubscription } from './api/notification-settings'

/**
 * This device's side of Web Push (issue 16): whether it can receive pushes, and turning them on
 * and off. The server keeps the subscription per device and session (signing out ends it there);
 * this module keeps the browser's own subscription in step.
 */

export type PushDeviceState =
  /** This browser cannot receive pushes. */
  | { kind: 'unsupported' }
  /** iPhone or iPad Safari: pushes need the app added to the home screen first. */
  | { kind: 'needs-install' }
  /** The shopper blocked notifications in the browser's settings. */
  | { kind: 'denied' }
  | { kind: 'off' }
  | { kind: 'on' }

function isAppleMobile(): boolean {
  return /iPhone|iPad|iPod/.test(navigator.userAgent)
}

function canReceivePushes(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration()
  return (await registration?.pushManager.getSubscription()) ?? null
}

export async function readPushDeviceState(): Promise<PushDeviceState> {
  if (!canReceivePushes()) {
    // Safari on an iPhone has push only in the installed app (iOS 16.4 and later).
    return isAppleMobile() && !isStandalone() ? { kind: 'needs-install' } : { kind: 'unsupported' }
  }
  if (Notification.permission === 'denied') return { kind: 'denied' }
  if (Notification.permission !== 'granted') return { kind: 'off' }
  return (await currentSubscription()) === null ? { kind: 'off' } : { kind: 'on' }
}

function base64UrlToBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replaceAll('-', '+').replaceAll('_', '/')
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))
  const bytes = new Uint8Array(new ArrayBuffer(binary.length))
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index)
  return bytes
}

function sameKey(subscription: PushSubscription, applicationServerKey: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey
  if (current === null) return false
  const bytes = new Uint8Array(current)
  return (
    bytes.length === applicationServerKey.length && bytes.every((byte, index) => byte === applicationServerKey[index])
  )
}

function toRequest(subscription: PushSubscription, locale: Locale) {
  const { keys } = subscription.toJSON()
  const p256dh = keys?.['p256dh']
  const auth = keys?.['auth']
  if (p256dh === undefined || auth === undefined) throw new Error('The push subscription has no keys')
  return { endpoint: subscription.endpoint, keys: { p256dh, auth }, locale }
}

/**
 * Asks the browser (the shopper sees its permission prompt), subscribes with the server's key and
 * tells the server. Resolves with the state it ends in: `denied` when the shopper said no.
 */
export async function turnOnPushes(input: {
  buyerId: string
  applicationServerKey: string
  locale: Locale
}): Promise<PushDeviceState> {
  const permission = await Notification.requestPermission()
  if (permission === 'denied') return { kind: 'denied' }
  if (permission !== 'granted') return { kind: 'off' }
  const registration = await navigator.serviceWorker.ready
  const key = base64UrlToBytes(input.applicationServerKey)
  let subscription = await registration.pushManager.getSubscription()
  // A subscription made with another key (the server's keys changed) cannot be sent to.
  if (subscription !== null && !sameKey(subscription, key)) {
    await subscription.unsubscribe()
    subscription = null
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
  await savePushSubscription(input.buyerId, toRequest(subscription, input.locale))
  return { kind: 'on' }
}

/** Stops pushes to this device, on the server first (so nothing more is sent), then in the browser. */
export async function turnOffPushes(buyerId: string): Promise<PushDeviceState> {
  const subscription = await currentSubscription()
  if (subscription !== null) {
    await removePushSubscription(buyerId, subscription.endpoint)
    await subscription.unsubscribe()
  }
  return readPushDeviceState()
}

/**
 * Tells the server this device's subscription again, in the language the app now shows: after a
 * language change, and at start (the browser may have renewed the subscription meanwhile).
 * Nothing when the device has none.
 */
export async function refreshPushSubscription(buyerId: string, locale: Locale): Promise<void> {
  if (!canReceivePushes() || Notification.permission !== 'granted') return
  const subscription = await currentSubscription()
  if (subscription !== null) await savePushSubscription(buyerId, toRequest(subscription, locale))
}

/**
 * Signing out ends the subscription on the server (it belongs to the session); the browser's own
 * is dropped too, so the next account on this phone starts from "off" and is asked first.
 */
export async function forgetPushSubscription(): Promise<void> {
  if (!canReceivePushes()) return
  const subscription = await currentSubscription()
  await subscription?.unsubscribe()
}
