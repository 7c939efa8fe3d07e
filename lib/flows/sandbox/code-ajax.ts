// The /ajax calls of a flow's code action (seed 002 §7.6; paths in lib/flows/ajax/README.md):
// its name, its configuration (source code, runtime, recipe) and the bootstrap of the editor
// (recipes, limits, runtimes, what the code gets and returns). Saving checks the source in the
// sandbox (it must compile; nothing runs) and refuses it with a clear 400 when the sandbox cannot
// be loaded, so a code action is never saved where it could not run safely.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { AppError, badRequest } from '@/lib/errors/app-error'
import type { FlowAction } from '@/lib/flows/definition'
import { findActionOfType, saveAction } from '@/lib/flows/webhook-action/action-edit'
import { CODE_LIMITS, CODE_RECIPES, CODE_RUNTIMES, codeConfigOf, withCodeConfig } from './code-config'
import { read } from '@/lib/db/ops'
import { findProfileByOps } from '@/lib/profiles/profile-store'
import { personOf } from '@/lib/flows/webhook-action/template-context'
import { sampleEvent, sampleProfileId } from '@/lib/flows/webhook-action/webhook-ajax'
import {
  checkCodeSyntax,
  CODE_MESSAGES,
  CODE_RUNTIME,
  CODE_SOURCE_LIMIT_BYTES,
  runSandboxedCode,
  SandboxUnavailable,
} from './run-code'
import { CODE_RATE_MESSAGE, codeRateLimiter } from './code-rate'

export const codeNameBody = z.object({
  name: z.string().trim().min(1, 'A name is required.').max(255, 'The name is longer than 255 characters.'),
})
export const codeConfigurationBody = z.object({
  sourceCode: z
    .string({ message: 'sourceCode must be text.' })
    .refine((s) => Buffer.byteLength(s, 'utf8') <= CODE_SOURCE_LIMIT_BYTES, CODE_MESSAGES.tooLarge),
  runtime: z.literal(CODE_RUNTIME, { message: `The runtime must be ${CODE_RUNTIME}.` }).optional(),
  recipeId: z
    .string()
    .max(64)
    .nullable()
    .optional()
    .refine((r) => r == null || CODE_RECIPES.some((x) => x.id === r), 'Unknown recipe.'),
})

function view(actionId: string, flowId: string, action: FlowAction, status: string) {
  const c = codeConfigOf(action)
  return { actionId, flowId, status, name: c.name, sourceCode: c.sourceCode, runtime: c.runtime, recipeId: c.recipeId }
}

/** GET configuration. */
export async function getCodeConfiguration(companyId: number, actionId: string) {
  const { flowId, action, status } = await findActionOfType(companyId, actionId, 'code')
  return view(actionId, flowId, action, status)
}

/** POST configuration: checked in the sandbox, then saved as the flow's next version. */
export async function saveCodeConfiguration(
  companyId: number,
  actionId: string,
  body: z.infer<typeof codeConfigurationBody>,
) {
  const { flowId, action } = await findActionOfType(companyId, actionId, 'code')
  if (body.sourceCode.trim()) {
    let problem: string | null
    try {
      problem = await checkCodeSyntax(body.sourceCode, companyId)
    } catch (e) {
      if (e instanceof SandboxUnavailable)
        throw new AppError('sandbox_unavailable', 400, e.message, { sourceCode: [e.message] })
      throw e
    }
    if (problem) throw badRequest('The code does not compile.', { sourceCode: [problem] })
  }
  const data = withCodeConfig(action.data, {
    sourceCode: body.sourceCode,
    runtime: body.runtime ?? CODE_RUNTIME,
    ...(body.recipeId !== undefined ? { recipeId: body.recipeId } : {}),
  })
  const saved = await saveAction(companyId, actionId, { ...action, data } as FlowAction)
  const again = await findActionOfType(companyId, actionId, 'code')
  return { ...view(actionId, flowId, saved.action, again.status), version: saved.version }
}

/** POST name. */
export async function renameCode(companyId: number, actionId: string, name: string) {
  const { action } = await findActionOfType(companyId, actionId, 'code')
  const saved = await saveAction(companyId, actionId, {
    ...action,
    data: withCodeConfig(action.data, { name }),
  } as FlowAction)
  return { actionId, name, version: saved.version }
}

export const codeTestBody = z.object({
  sourceCode: z
    .string()
    .refine((s) => Buffer.byteLength(s, 'utf8') <= CODE_SOURCE_LIMIT_BYTES, CODE_MESSAGES.tooLarge)
    .optional(),
  profileId: z.string().trim().min(1).max(64).optional(),
})

/** POST test: runs the code (the saved one, or sourceCode) in the sandbox for a sample profile; nothing is written. */
export async function testCode(companyId: number, actionId: string, body: z.infer<typeof codeTestBody>) {
  const { flowId, action } = await findActionOfType(companyId, actionId, 'code')
  const source = body.sourceCode ?? codeConfigOf(action).sourceCode
  const pid = await sampleProfileId(companyId, body.profileId)
  const event = await sampleEvent(companyId, flowId, pid)
  const profile = pid ? await read(findProfileByOps(companyId, 'id', pid)) : null
  const flow = await db.flow.findFirst({ where: { companyId, id: flowId }, select: { name: true } })
  const input = {
    profile: personOf(profile),
    event: event ? { ...event.properties, $metric: event.metric, $value: event.value ?? null, $time: event.time } : {},
    flow: { id: flowId, name: flow?.name ?? null },
  }
  // The editor's test runs draw on the same allowance as the account's flows.
  const waitMs = codeRateLimiter.waitMs(companyId)
  if (waitMs > 0)
    throw new AppError('too_many_requests', 429, CODE_RATE_MESSAGE, undefined, {
      'Retry-After': String(Math.ceil(waitMs / 1000)),
    })
  const result = await runSandboxedCode(source, input, { account: companyId })
  codeRateLimiter.charge(companyId, result.durationMs)
  if (!result.ok && result.kind === 'unavailable') throw new AppError('sandbox_unavailable', 400, result.error)
  return {
    actionId,
    profileId: pid,
    input,
    result: result.ok
      ? { ok: true, output: result.output, durationMs: result.durationMs }
      : { ok: false, error: result.error, durationMs: result.durationMs },
  }
}

/** GET bootstrap: what the code editor needs. */
export async function codeBootstrap(companyId: number, actionId: string) {
  const { flowId, action, status } = await findActionOfType(companyId, actionId, 'code')
  return {
    action: view(actionId, flowId, action, status),
    runtime: CODE_RUNTIME,
    runtimes: CODE_RUNTIMES,
    limits: CODE_LIMITS,
    recipes: CODE_RECIPES,
    contract: {
      input: 'input = { profile, event, flow } (also the variables profile and event)',
      output:
        'return { properties: { key: value } } to set profile properties (null removes one), and/or { value } for an action-output split',
      sandbox: 'QuickJS compiled to WebAssembly: no network, no file system, no require, no timers',
    },
    messages: { timeout: CODE_MESSAGES.timeout, memory: CODE_MESSAGES.memory },
  }
}
