// The limits of one message's render (issue 29, finding 2). Every render (editor and flow
// previews, test sends, the web view, /api/template-render and real sends) runs through
// renderTemplate, which charges one RenderBudget; the parts of one message (subject, HTML,
// text, AMP) share it, so a template cannot spend the budget once per part.
//
// Renders run on the server's own thread, synchronously, so the budget is what keeps one
// merchant's template from stalling every other request: LiquidJS checks the deadline before
// each node it renders, every write to an output (the message itself, and each {% capture %})
// is counted, and every string or list a filter builds is charged as memory. A template that
// doubles a captured string stops after a few milliseconds at the output limit instead of
// building gigabytes; loops that print nothing stop at the deadline.
import { toValue } from 'liquidjs'

/**
 * Wall-clock time for all parts of one message. Real emails render in a few milliseconds; an
 * operator may change it with TEMPLATE_RENDER_TIME_LIMIT_MS. The test suite raises it to 1 s: on
 * its loaded 2-core machine a process's first render (cold code, a garbage collection) passed
 * 200 ms now and then, and the send was deferred as a slow render.
 */
export const RENDER_TIME_LIMIT_MS = (() => {
  const v = Number(process.env.TEMPLATE_RENDER_TIME_LIMIT_MS)
  return Number.isInteger(v) && v >= 10 && v <= 60_000 ? v : 200
})()
/** Characters written to all outputs of one message, captures included (a big email is ~100 KB). */
export const RENDER_OUTPUT_LIMIT_CHARS = 5_000_000
/** Characters and items built by filters, ranges and lists (LiquidJS's memory units). */
export const RENDER_MEMORY_LIMIT_UNITS = 20_000_000

export type RenderLimitKind = 'time' | 'output' | 'memory'

export const RENDER_LIMIT_MESSAGES: Record<RenderLimitKind, string> = {
  time: `The template took longer than ${RENDER_TIME_LIMIT_MS} ms to render and was stopped.`,
  output: `The template produced more than ${RENDER_OUTPUT_LIMIT_CHARS / 1_000_000} million characters and was stopped.`,
  memory: 'The template built more text or lists than a message may hold and was stopped.',
}

export class RenderLimitError extends Error {
  constructor(readonly limit: RenderLimitKind) {
    super(RENDER_LIMIT_MESSAGES[limit])
    this.name = 'RenderLimitError'
  }
}

/** LiquidJS's limiter interface (Context's memoryLimit and renderLimit). */
interface Limiter {
  use(count: number): void
  check(count: number): void
}

export interface RenderLimitsOverride {
  timeMs?: number
  outputChars?: number
  memoryUnits?: number
}

export class RenderBudget {
  /** Set once a limit was hit; later parts of the same message stop at once. */
  exceeded: RenderLimitKind | null = null
  private readonly deadline: number
  private output = 0
  private memory = 0
  private readonly maxOutput: number
  private readonly maxMemory: number

  constructor(limits: RenderLimitsOverride = {}) {
    this.deadline = performance.now() + (limits.timeMs ?? RENDER_TIME_LIMIT_MS)
    this.maxOutput = limits.outputChars ?? RENDER_OUTPUT_LIMIT_CHARS
    this.maxMemory = limits.memoryUnits ?? RENDER_MEMORY_LIMIT_UNITS
  }

  private fail(kind: RenderLimitKind): never {
    this.exceeded ??= kind
    throw new RenderLimitError(this.exceeded)
  }

  /** Throws when a limit was hit or the deadline has passed. */
  checkTime(): void {
    if (this.exceeded) this.fail(this.exceeded)
    if (performance.now() > this.deadline) this.fail('time')
  }

  chargeOutput(chars: number): void {
    this.output += chars
    if (this.output > this.maxOutput) this.fail('output')
    this.checkTime()
  }

  chargeMemory(units: number): void {
    if (!(units > 0)) return
    this.memory += units
    if (this.memory > this.maxMemory) this.fail('memory')
  }

  /** What LiquidJS's Context takes as its memoryLimit and renderLimit (the engine finds the budget on the latter). */
  readonly liquidLimits: { memoryLimit: Limiter; renderLimit: Limiter & { budget: RenderBudget } } = {
    memoryLimit: { use: (n) => this.chargeMemory(+n), check: () => undefined },
    // LiquidJS calls check(performance.now()) before each node; the deadline is ours
    renderLimit: { use: () => undefined, check: () => this.checkTime(), budget: this },
  }
}

/** LiquidJS's own printing of an output value (its SimpleEmitter's). */
function stringify(value: unknown): string {
  const v = toValue(value)
  if (typeof v === 'string') return v
  if (v === null || v === undefined) return ''
  if (Array.isArray(v)) return v.map(stringify).join('')
  return String(v)
}

/** An output (the message, or one {% capture %}) whose every write is charged to the budget. */
export class CountingEmitter {
  buffer = ''
  constructor(private readonly budget: RenderBudget | undefined) {}

  write(html: unknown): void {
    const s = stringify(html)
    this.budget?.chargeOutput(s.length)
    this.buffer += s
  }
}

/** The memory a filter's result holds: a string's length, a list's items. */
export function memoryOf(value: unknown): number {
  if (typeof value === 'string') return value.length
  if (Array.isArray(value)) return value.length
  return 0
}
