// The queue's notion of "now", replaceable in tests to step past backoffs and lock expiry.
let override: (() => Date) | null = null

export const queueNow = (): Date => (override ? override() : new Date())

/** Tests only: make the queue believe it is `at` (a Date, or ms offset from real time). */
export function setQueueClock(at: Date | number | null) {
  if (at === null) override = null
  else if (typeof at === 'number') override = () => new Date(Date.now() + at)
  else override = () => at
}
