/**
 * Preloaded (`node --import`) into a test's own server when the test needs a time of day, such as
 * quiet hours: from its start, the server's clock reads `E2E_SERVER_NOW` and runs on at the normal
 * pace. Everything in the server reads the time through `Date` (the embedded database's `now()`
 * too), so the whole server agrees on it; the browser keeps the real time.
 */
const startsAt = Date.parse(process.env['E2E_SERVER_NOW'] ?? '')
if (Number.isNaN(startsAt)) throw new Error('E2E_SERVER_NOW must be a date, as Date.parse reads it')
const offsetMilliseconds = startsAt - Date.now()
const RealDate = Date
const shiftedNow = () => RealDate.now() + offsetMilliseconds

globalThis.Date = new Proxy(RealDate, {
  construct: (target, argumentList: unknown[], newTarget: NewableFunction) =>
    Reflect.construct(target, argumentList.length === 0 ? [shiftedNow()] : argumentList, newTarget) as object,
  get: (target, key, receiver) => (key === 'now' ? shiftedNow : (Reflect.get(target, key, receiver) as unknown)),
})
