// "View this email in your browser": the {% web_view %} link of an email opens its own send,
// rendered again for its recipient as it was sent (the same content, profile and context;
// the time of sending for time-dependent variables). The link's token: web-view-link.ts.
// The page is public and anonymous, so a send is rendered once per process and its result
// (or its failure) kept in a bounded cache: visits cost a lookup, not a render (issue 29,
// finding 2). Concurrent first visits share one render.
import { read, selectFirst } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { toBool, toDate } from '@/lib/db/dialect'
import type { ClaimedCompany, ClaimedProfile, ClaimedSend } from './claim-sends'
import { renderEmail, type RenderedEmail } from './render-email'
import type { Channel, MessageContent } from './types'
import { verifyWebViewToken } from './web-view-link'
import { LruCache } from '@/lib/templates/parsed-template-cache'
import { TemplateRenderError, TemplateSyntaxError } from '@/lib/templates/template-types'

/** A send's web view: the rendered email, or why it cannot be shown (a template error or limit). */
type Rendering = { mail: RenderedEmail } | { error: string }

// at most 500 renderings and about 32 MB of them
const rendered = new LruCache<string, Rendering>(500, 32 * 1024 * 1024)
const inFlight = new Map<string, Promise<RenderedEmail | null>>()

const weightOf = (r: Rendering) =>
  ('mail' in r ? (r.mail.html?.length ?? 0) + r.mail.text.length : r.error.length) + 512

/** Tests: forget every cached rendering. */
export function clearWebViewCache(): void {
  rendered.clear()
}

const parse = <T>(s: string | null, fallback: T): T => {
  try {
    return s ? (JSON.parse(s) as T) : fallback
  } catch {
    return fallback
  }
}

/**
 * The email of a genuine token, rendered for its recipient; null when there is none to show.
 * Throws TemplateRenderError when its template cannot be rendered (every time, from the cache).
 */
export async function renderWebView(token: string): Promise<RenderedEmail | null> {
  const t = verifyWebViewToken(token)
  if (!t) return null
  const key = `${t.companyId}:${t.sendId}`
  const hit = rendered.get(key)
  if (hit) {
    if ('error' in hit) throw new TemplateRenderError(hit.error)
    return hit.mail
  }
  let pending = inFlight.get(key)
  if (!pending) {
    pending = renderSend(t.companyId, t.sendId).finally(() => inFlight.delete(key))
    inFlight.set(key, pending)
  }
  return pending
}

async function renderSend(companyId: number, sendId: string): Promise<RenderedEmail | null> {
  const t = { companyId, sendId }
  const db = kysely()
  const send = await read(
    selectFirst(
      db
        .selectFrom('Send')
        .selectAll()
        .where('companyId', '=', t.companyId)
        .where('id', '=', t.sendId)
        .where('channel', '=', 'email'),
    ),
  )
  if (!send) return null
  const profile = (await read(
    selectFirst(
      db
        .selectFrom('Profile')
        .select([
          'id',
          'email',
          'phoneNumber',
          'externalId',
          'firstName',
          'lastName',
          'organization',
          'title',
          'city',
          'region',
          'country',
          'zip',
          'timezone',
          'locale',
          'properties',
        ])
        .where('companyId', '=', t.companyId)
        .where('id', '=', send.profileId),
    ),
  )) as ClaimedProfile | undefined
  const company = (await read(
    selectFirst(
      db
        .selectFrom('Company')
        .select([
          'id',
          'name',
          'timezone',
          'currency',
          'websiteUrl',
          'addressLine1',
          'addressLine2',
          'city',
          'addressRegion',
          'postalCode',
          'country',
        ])
        .where('id', '=', t.companyId),
    ),
  )) as ClaimedCompany | undefined
  if (!profile || !company) return null
  const s: ClaimedSend = {
    id: send.id,
    companyId: t.companyId,
    channel: send.channel as Channel,
    sourceType: send.sourceType,
    sourceId: send.sourceId,
    transactional: toBool(send.transactional),
    attempts: send.attempts,
    content: parse<MessageContent>(send.content, {}),
    context: parse<Record<string, unknown>>(send.context, {}),
    profile,
    company,
  }
  const key = `${companyId}:${sendId}`
  let result: Rendering
  try {
    result = { mail: renderEmail(s, toDate(send.sendingAt) ?? toDate(send.createdAt) ?? new Date()) }
  } catch (e) {
    // only the template's own failures are kept; anything else may pass, so the next visit tries again
    if (!(e instanceof TemplateRenderError || e instanceof TemplateSyntaxError)) throw e
    result = { error: e.message }
  }
  rendered.set(key, result, weightOf(result))
  if ('error' in result) throw new TemplateRenderError(result.error)
  return result.mail
}
