// Waiting for a condition instead of for a fixed time (issue 30, tests): the condition is polled
// every few milliseconds until it holds or the deadline passes, so a test is as fast as the code
// on an idle machine and still passes on a loaded one. A timeout throws with `what` and whatever
// `detail()` returns (a child process's output, the rows seen), so a failure says what was awaited.

export interface WaitForOptions {
  /** The deadline in milliseconds (default 30 s). */
  timeout?: number
  /** The pause between two checks in milliseconds (default 20). */
  interval?: number
  /** What is awaited, for the timeout's message. */
  what?: string
  /** Extra text for the timeout's message. */
  detail?: () => string
}

/** Resolves with the condition's first truthy value; throws once `timeout` has passed without one. */
export async function waitFor<T>(
  condition: () => T | Promise<T>,
  { timeout = 30_000, interval = 20, what = 'a condition', detail }: WaitForOptions = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeout
  for (;;) {
    const value = await condition()
    if (value) return value as NonNullable<T>
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeout} ms waiting for ${what}${detail ? `\n${detail()}` : ''}`)
    await new Promise((r) => setTimeout(r, interval))
  }
}
