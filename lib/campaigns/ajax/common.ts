// Shared pieces of the /ajax campaign handlers: the body read with our keys camelized and the
// vendor-shaped objects inside (send_strategy, tracking_options, content …) in snake_case, the
// store's errors as /ajax errors, and the resources.
import { ZodError, type ZodType } from 'zod'
import { AppError } from '@/lib/errors/app-error'
import { readBody } from '@/lib/http/ajax'
import { snakeizeKeys } from '@/lib/text/keys'
import { CampaignError } from '../errors'

export const READ = ['campaigns_read'] as const
export const WRITE = ['campaigns_write'] as const

const toCamel = (k: string) => k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())

/** Objects in the vendor's shape: their keys are snake_case whatever the client sent. */
const VENDOR_OBJECTS = new Set(['sendStrategy', 'sendOptions', 'trackingOptions', 'content', 'renderOptions'])

function normalize(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(normalize)
  if (!v || typeof v !== 'object' || Object.getPrototypeOf(v) !== Object.prototype) return v
  const out: Record<string, unknown> = {}
  for (const [k, x] of Object.entries(v)) {
    const key = toCamel(k)
    out[key] = VENDOR_OBJECTS.has(key) ? snakeizeKeys(x) : normalize(x)
  }
  return out
}

/**
 * The request body parsed with `schema` (400 with field errors). The app's http client sends keys
 * snake_cased at every level, other callers camelCase: our keys are camelized at every level, and
 * the vendor-shaped objects (send_strategy, tracking_options, content …) snake_cased inside.
 */
export async function ajaxBody<T>(req: Request, schema: ZodType<T>): Promise<T> {
  const raw = await readBody(req)
  return schema.parse(raw && typeof raw === 'object' && !Array.isArray(raw) ? normalize(raw) : {})
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
