// Shared pieces of the /ajax flows family (seed 002 §7.1): the flow status as its text code,
// the store's errors as /ajax errors, the audit log writer, and the flow lookup scoped to the company.
import { db } from '@/lib/db/client'
import { AppError, notFound } from '@/lib/errors/app-error'
import type { Flow } from '@/generated/prisma/client'
import { FLOW_STATUS, flowStatusName, FlowDefinitionInvalid, FlowNotFound, FlowVersionConflict } from '../store'
import { definitionFieldErrors, type DefinitionError } from '../validate-definition'

/** Seed 002 §3.1: the status is sent as its numeric code in text form ("0".."4"). */
export const statusText = (n: number): string => String(n)
export const STATUS_CODES = ['0', '1', '2', '3', '4'] as const

/** A definition error as the builder reads it. */
export interface AjaxDefinitionError {
  pointer: string
  message: string
}

export const toAjaxErrors = (errors: DefinitionError[]): AjaxDefinitionError[] =>
  errors.map((e) => ({ pointer: e.pointer, message: e.detail }))

/** 400 with `errors: [{ pointer, message }]` (the builder's contract) and the field errors. */
export function definitionInvalidResponse(errors: DefinitionError[], requestId?: string): Response {
  return Response.json(
    {
      error: 'invalid',
      message: errors[0]?.detail ?? 'The flow definition is not valid.',
      errors: toAjaxErrors(errors),
      fieldErrors: definitionFieldErrors(errors),
      ...(requestId ? { requestId } : {}),
    },
    { status: 400 },
  )
}

/** Runs a store call: not found → 404, version conflict → 409 (definition errors are left to orDefinitionErrors). */
export async function flowStoreCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (e) {
    if (e instanceof FlowNotFound) throw notFound(e.message)
    if (e instanceof FlowVersionConflict) {
      throw new AppError('conflict', 409, e.message, undefined, { 'x-flow-version': String(e.currentVersion) })
    }
    throw e
  }
}

/** Runs a call that may reject a definition: FlowDefinitionInvalid → the 400 of definitionInvalidResponse. */
export async function orDefinitionErrors<T>(fn: () => Promise<T>): Promise<T | Response> {
  try {
    return await flowStoreCall(fn)
  } catch (e) {
    if (e instanceof FlowDefinitionInvalid) return definitionInvalidResponse(e.errors)
    throw e
  }
}

export async function getAjaxFlow(companyId: number, flowId: string): Promise<Flow> {
  const flow = await db.flow.findFirst({ where: { companyId, id: flowId } })
  if (!flow) throw notFound('The flow was not found.')
  return flow
}

export type AuditAction =
  'create' | 'save' | 'status' | 'details' | 'archive' | 'recover' | 'clone' | 'holdout' | 'delete'

type AuditWriter = Pick<typeof db, 'flowAudit'>

/** One audit entry (GET /ajax/flow/audit/{id}); pass a transaction client to write it with the change. */
export async function recordFlowAudit(
  input: {
    companyId: number
    flowId: string
    userId: number | null
    action: AuditAction
    version?: number | null
    detail?: Record<string, unknown>
  },
  client: AuditWriter = db,
): Promise<void> {
  await client.flowAudit.create({
    data: {
      companyId: input.companyId,
      flowId: input.flowId,
      userId: input.userId,
      action: input.action,
      version: input.version ?? null,
      detail: JSON.stringify(input.detail ?? {}),
    },
  })
}

export { FLOW_STATUS, flowStatusName }

/**
 * A body whose nested values must keep their keys (a FlowDefinition is snake_case): only the
 * top-level keys are camelized, unlike the ajax wrapper's body parsing.
 */
export function topLevelCamel(raw: unknown): Record<string, unknown> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {}
  return Object.fromEntries(
    Object.entries(raw).map(([k, v]) => [k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()), v]),
  )
}
