// The one wrapper of the shopper-facing hub endpoints (/hub/{publicKey}/…): the company by its
// public key (404 unless its hub is enabled), the hub session when the endpoint needs one (never
// the merchant's), a JSON body validated by zod (400 with field errors), errors as JSON without
// internals. POSTs must be JSON: a cross-site HTML form cannot send that without a preflight,
// which with the SameSite=Lax cookie keeps other sites from acting as the shopper.
import type { ZodType } from 'zod'
import { db } from '@/lib/db/client'
import { AppError, notFound, unauthorized } from '@/lib/errors/app-error'
import { fieldErrorsFrom } from '@/lib/errors/field-errors'
import { reportError } from '@/lib/errors/reporter'
import { BodyError, isJsonContentType, readJson } from '@/lib/http/read-body'
import { readHubCookie, resolveHubSession } from './hub-session'

const MAX_BODY = 32 * 1024

export interface HubCompany {
  id: number
  name: string
  publicKey: string
}
export interface HubCtx {
  req: Request
  company: HubCompany
  profileId: string
}
type Params = { params: Promise<{ publicKey: string } & Record<string, string>> }

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { 'cache-control': 'no-store', ...headers } })

export async function hubCompany(publicKey: string): Promise<HubCompany | null> {
  if (!publicKey || publicKey.length > 64) return null
  const company = await db.company.findUnique({ where: { publicApiKey: publicKey }, select: { id: true, name: true } })
  if (!company) return null
  const settings = await db.hubSettings.findUnique({ where: { companyId: company.id }, select: { enabled: true } })
  return settings?.enabled ? { ...company, publicKey } : null
}

function errorResponse(e: unknown): Response {
  if (e instanceof AppError)
    return json({ error: e.code, message: e.message, fieldErrors: e.fieldErrors ?? {} }, e.status, e.headers)
  if (e instanceof BodyError) return json({ error: 'invalid', message: 'Send a JSON object.', fieldErrors: {} }, 400)
  reportError({ error: e, extra: { where: 'customer-hub' } })
  return json({ error: 'server_error', message: 'Something went wrong.' }, 500)
}

export function hubRoute<B = undefined>(opts: {
  session?: boolean
  body?: ZodType<B>
  handler: (a: {
    ctx: Omit<HubCtx, 'profileId'> & { profileId: string | null }
    body: B
    /** The route's other path segments (e.g. /wishlist/{productId}). */
    params: Record<string, string>
  }) => Promise<unknown>
}) {
  return async (req: Request, { params }: Params): Promise<Response> => {
    try {
      const { publicKey, ...rest } = await params
      const company = await hubCompany(publicKey)
      if (!company) throw notFound()
      let profileId: string | null = null
      if (opts.session) {
        const s = await resolveHubSession(company.id, readHubCookie(req))
        if (!s) throw unauthorized('Sign in to see this.')
        profileId = s.profileId
      }
      let body = undefined as B
      if (opts.body) {
        if (!isJsonContentType(req.headers.get('content-type')))
          throw new AppError('invalid', 415, 'Send application/json.')
        const parsed = opts.body.safeParse(await readJson(req, MAX_BODY))
        if (!parsed.success)
          throw new AppError('invalid', 400, 'Check the highlighted fields.', fieldErrorsFrom(parsed.error))
        body = parsed.data
      }
      const out = await opts.handler({ ctx: { req, company, profileId }, body, params: rest })
      return out instanceof Response ? out : json(out ?? { ok: true })
    } catch (e) {
      return errorResponse(e)
    }
  }
}
