// Retries with a fixed backoff plus random jitter (seed 000 §7: start-up calls retry 3 times,
// 300 ms backoff, 100 ms jitter).
import { isHttpError, SESSION_EXPIRED } from './http-error'

export interface RetryOptions {
  retries?: number
  backoffMs?: number
  jitterMs?: number
  shouldRetry?: (error: unknown, attempt: number) => boolean
  random?: () => number
  sleep?: (ms: number) => Promise<void>
  /** Stops retrying once aborted (e.g. a total timeout). */
  signal?: AbortSignal
}

export const START_UP_RETRY = { retries: 3, backoffMs: 300, jitterMs: 100 } as const

/** Client errors are answers, not glitches: only network failures, 408, 429 and 5xx are retried. */
export function isRetryable(error: unknown): boolean {
  if (!isHttpError(error)) return true
  if (error.data === SESSION_EXPIRED) return false
  if (error.status === 0) return error.data !== 'ABORTED'
  return error.status === 408 || error.status === 429 || error.status >= 500
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export async function withRetry<T>(fn: (attempt: number) => Promise<T>, opts: RetryOptions = {}): Promise<T> {
  const {
    retries = 3,
    backoffMs = 300,
    jitterMs = 100,
    shouldRetry = isRetryable,
    random = Math.random,
    sleep = defaultSleep,
    signal,
  } = opts
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn(attempt)
    } catch (error) {
      if (attempt >= retries || signal?.aborted || !shouldRetry(error, attempt)) throw error
      await sleep(backoffMs + Math.floor(random() * jitterMs))
      if (signal?.aborted) throw error
    }
  }
}
