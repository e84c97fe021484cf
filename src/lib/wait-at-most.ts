/**
 * `work`'s answer, or `undefined` once `milliseconds` have passed without one; the work itself
 * goes on. A refusal that comes in time is passed on.
 */
export function waitAtMost<T>(work: Promise<T>, milliseconds: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, milliseconds)
  })
  return Promise.race([work, timeout]).finally(() => {
    clearTimeout(timer)
  })
}
