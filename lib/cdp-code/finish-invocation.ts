// Finishing one invocation, in one write transaction: the row leaves 'pending' (only once: a
// second finisher changes nothing), and a result { properties: { … } } sets those custom
// properties on the event's profile (null removes one), as a flow's code action does — the one
// effect a function has outside its own run, since the sandbox has no network.
import { kysely } from '@/lib/db/kysely'
import { exec, inWriteTx, type Ops } from '@/lib/db/ops'
import { splitCodeOutput } from '@/lib/flows/sandbox/code-config'
import { writeProfilePropertiesOps } from '@/lib/flows/engine/actions/update-profile'
import { MAX_STRING_BYTES } from '@/lib/profiles/validate-profile'
import type { CodeRun } from './run-function'

const MAX_PROPERTIES = 100
const RESERVED = new Set(['__proto__', 'constructor', 'prototype'])

/** Why these properties cannot be set, or null. */
export function propertiesProblem(props: Record<string, unknown>): string | null {
  const keys = Object.keys(props)
  if (keys.length > MAX_PROPERTIES) return `A function may set at most ${MAX_PROPERTIES} properties.`
  for (const k of keys) {
    if (!k.trim() || k.length > 255 || RESERVED.has(k)) return `The property name "${k.slice(0, 50)}" cannot be set.`
    if (Buffer.byteLength(JSON.stringify(props[k]) ?? '') > MAX_STRING_BYTES)
      return `The value of "${k.slice(0, 50)}" is larger than 100 KB.`
  }
  return null
}

export interface Finish {
  companyId: number
  invocationId: string
  profileId: string | null
  input: unknown
  result: CodeRun
  now: Date
}

function* finishOps(f: Finish): Ops<boolean> {
  let { result } = f
  const split = result.ok ? splitCodeOutput(result.output) : null
  const props = split?.properties ?? null
  const problem = props ? propertiesProblem(props) : null
  if (problem)
    result = { ...result, ok: false, error: `The function returned properties that cannot be set: ${problem}` }
  const output = result.ok ? JSON.stringify(result.output ?? null) : null
  const moved = yield* exec(
    kysely()
      .updateTable('CodeFunctionInvocation')
      .set({
        status: result.ok ? 'ok' : 'error',
        input: f.input == null ? null : JSON.stringify(f.input),
        output: output && output.length <= 64 * 1024 ? output : null,
        logs: result.logs.length ? result.logs.join('\n') : null,
        error: result.error,
        durationMs: result.durationMs,
        finishedAt: f.now,
      })
      .where('companyId', '=', f.companyId)
      .where('id', '=', f.invocationId)
      .where('status', '=', 'pending'),
  )
  if (!moved || !result.ok || !props || !f.profileId) return moved > 0
  const keys = Object.keys(props)
  yield* writeProfilePropertiesOps(f.companyId, f.profileId, f.now, (current) => {
    const out = { ...current }
    for (const k of keys) {
      if (props[k] === null) delete out[k]
      else Object.defineProperty(out, k, { value: props[k], enumerable: true, writable: true, configurable: true })
    }
    return { props: out, keys }
  })
  return true
}

/** True when this call finished the invocation (false: it was finished already). */
export const finishInvocation = (f: Finish): Promise<boolean> => inWriteTx(() => finishOps(f))
