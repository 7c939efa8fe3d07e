// The merchant's code as the sandbox runs it (lib/flows/sandbox/run-code.ts: the body of a
// function with `input`). The shell around it gives the code a `console` whose lines are kept
// (capped in the sandbox, so a loop of logs cannot grow the answer) and `process.env` with the
// function's secrets, and always answers { ok, result, logs }: a throw still returns the lines
// printed before it. The merchant's code sits in a function of its own, so its names never
// collide with the shell's.
import { FUNCTION_LOG_LIMIT_BYTES } from './limits'

const CONSOLE = `
const __logs = []
let __size = 0
let __cut = false
const __text = (v) => {
  if (typeof v === 'string') return v
  try { const j = JSON.stringify(v); return j === undefined ? String(v) : j } catch (e) { return String(v) }
}
const __log = (level) => (...args) => {
  if (__cut) return
  const line = level + ' ' + args.map(__text).join(' ')
  if (__size + line.length > ${FUNCTION_LOG_LIMIT_BYTES}) {
    __cut = true
    __logs.push('warn [logs cut at ${FUNCTION_LOG_LIMIT_BYTES / 1024} KB]')
    return
  }
  __size += line.length + 1
  __logs.push(line)
}
const console = { log: __log('info'), info: __log('info'), debug: __log('debug'), warn: __log('warn'), error: __log('error') }
const __error = (e) => (e && e.name ? e.name + ': ' : '') + (e && e.message !== undefined ? e.message : String(e))
`

/** A function: `main(event, profile, context)`, or a body using `event`, `profile`, `context`. */
export function wrapFunctionSource(source: string): string {
  return `${CONSOLE}
const process = Object.freeze({ env: Object.freeze(input.env || {}) })
const __run = function (event, profile, context) {
${source}
;return typeof main === 'function' ? main(event, profile, context) : undefined
}
return Promise.resolve()
  .then(() => __run(input.event, input.profile, input.context))
  .then((v) => ({ ok: true, result: v === undefined ? null : v, logs: __logs }), (e) => ({ ok: false, error: __error(e), logs: __logs }))
`
}

/** A transformation: the code defines `transform(event)`, which returns the event or null. */
export function wrapTransformSource(source: string): string {
  return `${CONSOLE}
const __transform = (function () {
${source}
;return typeof transform === 'function' ? transform : null
})()
if (!__transform) return { ok: false, error: 'Define a function transform(event).', logs: __logs }
return Promise.resolve()
  .then(() => __transform(input.event))
  .then((v) => ({ ok: true, returned: v !== undefined, result: v === undefined ? null : v, logs: __logs }), (e) => ({ ok: false, error: __error(e), logs: __logs }))
`
}

export interface WrappedAnswer {
  ok: boolean
  result: unknown
  returned: boolean
  logs: string[]
  error: string | null
}

/** Reads the shell's answer (the sandbox returned it as JSON). */
export function readWrappedAnswer(output: unknown): WrappedAnswer {
  const o = (output && typeof output === 'object' ? output : {}) as Record<string, unknown>
  const logs = Array.isArray(o.logs) ? o.logs.filter((l): l is string => typeof l === 'string') : []
  return {
    ok: o.ok === true,
    result: o.result ?? null,
    returned: o.returned !== false,
    logs: capLogs(logs),
    error: o.ok === true ? null : typeof o.error === 'string' ? o.error.slice(0, 1000) : 'The code failed.',
  }
}

/** The host's own cap, whatever the sandbox sent. */
export function capLogs(lines: string[]): string[] {
  const out: string[] = []
  let size = 0
  for (const l of lines) {
    if (size + l.length > FUNCTION_LOG_LIMIT_BYTES + 64) break
    size += l.length + 1
    out.push(l)
  }
  return out
}
