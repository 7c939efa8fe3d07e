// "View this email in your browser": the {% web_view %} link of an email opens its own send,
// rendered again for its recipient as it was sent (the same content, profile and context;
// the time of sending for time-dependent variables). The link's token: web-view-link.ts.
import { read, selectFirst } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { toBool, toDate } from '@/lib/db/dialect'
import type { ClaimedCompany, ClaimedProfile, ClaimedSend } from './claim-sends'
import { renderEmail, type RenderedEmail } from './render-email'
import type { Channel, MessageContent } from './types'
import { verifyWebViewToken } from './web-view-link'

const parse = <T>(s: string | null, fallback: T): T => {
  try {
    return s ? (JSON.parse(s) as T) : fallback
  } catch {
    return fallback
  }
}

/** The email of a genuine token, rendered for its recipient; null when there is none to show. */
export async function renderWebView(token: string): Promise<RenderedEmail | null> {
  const t = verifyWebViewToken(token)
  if (!t) return null
  const db = kysely()
  const send = await read(selectFirst(
    db.selectFrom('Send').selectAll().where('companyId', '=', t.companyId).where('id', '=', t.sendId).where('channel', '=', 'email'),
  ))
  if (!send) return null
  const profile = (await read(selectFirst(
    db.selectFrom('Profile')
      .select(['id', 'email', 'phoneNumber', 'externalId', 'firstName', 'lastName', 'organization', 'title', 'city', 'region', 'country', 'zip', 'timezone', 'locale', 'properties'])
      .where('companyId', '=', t.companyId).where('id', '=', send.profileId),
  ))) as ClaimedProfile | undefined
  const company = (await read(selectFirst(
    db.selectFrom('Company')
      .select(['id', 'name', 'timezone', 'currency', 'websiteUrl', 'addressLine1', 'addressLine2', 'city', 'addressRegion', 'postalCode', 'country'])
      .where('id', '=', t.companyId),
  ))) as ClaimedCompany | undefined
  if (!profile || !company) return null
  const s: ClaimedSend = {
    id: send.id, companyId: t.companyId, channel: send.channel as Channel, sourceType: send.sourceType, sourceId: send.sourceId,
    transactional: toBool(send.transactional), attempts: send.attempts, content: parse<MessageContent>(send.content, {}),
    context: parse<Record<string, unknown>>(send.context, {}), profile, company,
  }
  return renderEmail(s, toDate(send.sendingAt) ?? toDate(send.createdAt) ?? new Date())
}
