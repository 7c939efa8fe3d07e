// Each account's allowance of sandbox time (issue 29, finding 12): one process has one sandbox
// thread, so an account that queues loops takes the time from everyone else. A token bucket per
// account, in milliseconds of sandbox time: CODE_RATE.burstMs to start with, refilled at
// CODE_RATE.refillMsPerSecond. A run may start while the bucket is above zero and is charged what
// it took afterwards (its length is not known before), so an account can run at most one time
// limit into debt. Kept in memory: the sandbox it shares out is this process's.
export const CODE_RATE = {
  /** Ten 1-second runs back to back, then… */
  burstMs: 10_000,
  /** …a quarter of the sandbox's time, whatever the other accounts do. */
  refillMsPerSecond: 250,
} as const

export const CODE_RATE_MESSAGE =
  'This account has used its share of the code sandbox for now (10 seconds at once, then a quarter of a second each second). Try again in a few seconds.'

export interface CodeRateLimiter {
  /** 0 when the account may run code now, else the milliseconds until it may. */
  waitMs(account: number): number
  /** Charges a finished run to the account. */
  charge(account: number, ms: number): void
}

export function createCodeRateLimiter(
  opts: { burstMs?: number; refillMsPerSecond?: number; now?: () => number } = {},
): CodeRateLimiter {
  const burst = opts.burstMs ?? CODE_RATE.burstMs
  const refill = (opts.refillMsPerSecond ?? CODE_RATE.refillMsPerSecond) / 1000
  const now = opts.now ?? Date.now
  const buckets = new Map<number, { tokens: number; at: number }>()
  const bucket = (account: number) => {
    const t = now()
    const b = buckets.get(account) ?? { tokens: burst, at: t }
    b.tokens = Math.min(burst, b.tokens + (t - b.at) * refill)
    b.at = t
    // A full bucket is the default: forgetting it keeps the map to the accounts running code now.
    if (b.tokens >= burst) buckets.delete(account)
    else buckets.set(account, b)
    return b
  }
  return {
    waitMs(account) {
      const b = bucket(account)
      return b.tokens > 0 ? 0 : Math.ceil((1 - b.tokens) / refill)
    },
    charge(account, ms) {
      const b = bucket(account)
      b.tokens -= Math.max(0, ms)
      buckets.set(account, b)
    },
  }
}

/** The process's limiter, shared by the flows.code job and the editor's test runs. */
export const codeRateLimiter: CodeRateLimiter = createCodeRateLimiter()
