// The segment engine's notion of "now". Tests move it forward to watch "in the last N days"
// members leave; everything else uses the wall clock.
let override: (() => number) | null = null

/** Milliseconds since the epoch. */
export const nowMs = (): number => (override ? override() : Date.now())
export const nowSeconds = (): number => Math.floor(nowMs() / 1000)
export const nowDate = (): Date => new Date(nowMs())

/** Tests only: a fixed or moving clock (ms); null restores the wall clock. */
export function setSegmentClock(fn: (() => number) | null): void {
  override = fn
}
