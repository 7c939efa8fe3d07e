// Shared pieces of the /ajax campaign handlers: the body read with only its top-level keys
// camelized (the vendor-shaped objects inside — send_strategy, tracking_options, content — keep
// their snake_case keys), the store's errors as /ajax errors, and the resources.
import { ZodError, type ZodType } from 'zod'
import { AppError } from '@/lib/http/app-error'
import { readBody } from '@/lib/http/ajax'
import { CampaignError } from '../errors'

export const READ = ['campaigns_read'] as const
export const WRITE = ['campaigns_write'] as const

const toCamel = (k: string) => k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())

/** The request body with its top-level keys camelized, parsed with `schema` (400 with field errors). */
export async function ajaxBody<T>(req: Request, schema: ZodType<T>): Promise<T> {
  const raw = await readBody(req)
  const obj = raw && typeof raw === 'object' && !Array.isArray(raw) ? Object.fromEntries(Object.entries(raw).map(([k, v]) => [toCamel(k), v])) : {}
  return schema.parse(obj)
}

/** Runs a store/lifecycle call; CampaignError → AppError (400 {error, fieldErrors}, 404, 409). */
export async function campaignAjaxCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (e) {
    if (e instanceof CampaignError) {
      const fieldErrors = e.field ? { [e.field]: [e.message] } : undefined
      throw new AppError(e.code, e.status, e.message, fieldErrors)
    }
    if (e instanceof ZodError) throw e
    throw e
  }
}
