// Executor of the 'code' action: the merchant's JavaScript runs in the sandbox (QuickJS compiled
// to WebAssembly, lib/flows/sandbox) with a 1 s time limit and a 16 MB memory limit, outside the
// step's transaction. The executor cannot wait for it, so (lib/flows/sandbox/code-job.ts):
// - no result yet for the stepKey: it writes a pending FlowCodeResult and the 'flows.code' job
//   (both unique by stepKey) and answers 'wait' (detail.reason 'code_running'); the job runs
//   the code, stores the result and resumes the run as an approval does;
// - a result: an error fails the step with its message ('The code ran longer than 1 second.',
//   'The code used more than 16 MB.', the code's own exception, or the sandbox could not load)
//   and the run goes on; a success sets the returned properties on the profile and keeps the
//   returned value in the step's detail.output (for an action-output split).
import type { FieldErrors } from '@/lib/errors/app-error'
import { codeConfigOf, splitCodeOutput } from '@/lib/flows/sandbox/code-config'
import { codeResultOps, queueCodeRunOps } from '@/lib/flows/sandbox/code-job'
import { CODE_RUNTIME } from '@/lib/flows/sandbox/run-code'
import { MAX_STRING_BYTES } from '@/lib/profiles/validate-profile'
import type { ActionExecutor } from '../types'
import { nextOf } from '../types'
import { writeProfilePropertiesOps } from './update-profile'

const MAX_PROPERTIES = 100
const RESERVED = new Set(['__proto__', 'constructor', 'prototype'])

function propertyProblems(props: Record<string, unknown>): FieldErrors | null {
  const errors: FieldErrors = {}
  const keys = Object.keys(props)
  if (keys.length > MAX_PROPERTIES) errors.properties = [`The code may set at most ${MAX_PROPERTIES} properties.`]
  for (const k of keys) {
    if (!k.trim() || k.length > 255 || RESERVED.has(k))
      (errors[`properties.${k}`] ??= []).push('This property name cannot be set.')
    else if (Buffer.byteLength(JSON.stringify(props[k]) ?? '') > MAX_STRING_BYTES)
      (errors[`properties.${k}`] ??= []).push('Values may be at most 100 KB.')
  }
  return Object.keys(errors).length ? errors : null
}

export const codeExecutor: ActionExecutor = function* (ctx) {
  const next = nextOf(ctx.action)
  const config = codeConfigOf(ctx.action)
  if (!config.sourceCode.trim())
    return {
      kind: 'next',
      next,
      status: 'failed',
      outcome: 'no_code',
      detail: { reason: 'The code action has no code.' },
    }
  if (config.runtime !== CODE_RUNTIME) {
    return {
      kind: 'next',
      next,
      status: 'failed',
      outcome: 'unsupported_runtime',
      detail: { reason: `The runtime ${config.runtime} is not supported; use ${CODE_RUNTIME}.` },
    }
  }
  const actionId = String(ctx.action.id)
  const result = yield* codeResultOps(ctx.companyId, ctx.stepKey)
  if (!result) {
    yield* queueCodeRunOps(
      { companyId: ctx.companyId, flowId: ctx.flowId, actionId, runId: ctx.runId, stepKey: ctx.stepKey },
      ctx.now,
    )
    return { kind: 'wait', detail: { reason: 'code_running' } }
  }
  if (result.status === 'pending') return { kind: 'wait', detail: { reason: 'code_running' } }
  if (result.status !== 'ok') {
    return {
      kind: 'next',
      next,
      status: 'failed',
      outcome: 'code_error',
      detail: { reason: result.error ?? 'The code failed.', durationMs: result.durationMs },
    }
  }
  const { properties, value } = splitCodeOutput(result.output)
  let written: string[] = []
  if (properties) {
    const errors = propertyProblems(properties)
    if (errors)
      return {
        kind: 'next',
        next,
        status: 'failed',
        outcome: 'invalid_output',
        detail: { reason: 'The code returned properties that cannot be set.', errors },
      }
    const keys = Object.keys(properties)
    const changed = yield* writeProfilePropertiesOps(ctx.companyId, ctx.profileId, ctx.now, (current) => {
      const out = { ...current }
      for (const k of keys) {
        if (properties[k] === null) delete out[k]
        else
          Object.defineProperty(out, k, { value: properties[k], enumerable: true, writable: true, configurable: true })
      }
      return { props: out, keys }
    })
    if (changed === null)
      return {
        kind: 'next',
        next,
        status: 'failed',
        outcome: 'no_profile',
        detail: { reason: 'The profile no longer exists.' },
      }
    written = changed
  }
  return {
    kind: 'next',
    next,
    outcome: 'ok',
    detail: { output: value, properties: written, durationMs: result.durationMs },
  }
}
