// /people/subscribers: the profiles that can receive email marketing (the same predicate as
// the segment condition "can receive email marketing"), with paging and search.
import { z } from 'zod'
import { sqlite } from '@/lib/db/sqlite'
import { compileDefinition } from '@/lib/segments/compile-definition'
import { nowSeconds } from '@/lib/segments/clock'
import { offsetOf, page, pageFields, type Page } from './paging'
import { SEARCH_SQL, searchParams } from './list-group-members'

export const listSubscribersQuery = z.object({ ...pageFields, search: z.string().trim().max(255).optional() })

export interface SubscriberRow {
  profileId: string
  email: string | null
  phoneNumber: string | null
  firstName: string | null
  lastName: string | null
  consent: string | null
  consentedAt: string | null
  createdAt: string
}

export async function listSubscribers(companyId: number, input: z.input<typeof listSubscribersQuery> = {}): Promise<Page<SubscriberRow>> {
  const q = listSubscribersQuery.parse(input)
  const pred = compileDefinition(
    { version: 1, root: { type: 'and', conditions: [{ kind: 'consent', channel: 'email_marketing', operator: 'can_receive' }] } },
    { now: nowSeconds() },
  )
  const where = `p.companyId = ? AND ${pred.sql}${q.search ? ` AND ${SEARCH_SQL}` : ''}`
  const params = [companyId, ...pred.params, ...(q.search ? searchParams(q.search) : [])]
  const conn = sqlite()
  const rows = conn.prepare(`SELECT p.id AS profileId, p.email, p.phoneNumber, p.firstName, p.lastName, p.createdAt,
      pc.status AS consent, pc.consentedAt
    FROM Profile p LEFT JOIN ProfileConsent pc ON pc.profileId = p.id AND pc.channel = 'email_marketing'
    WHERE ${where} ORDER BY p.createdAt DESC, p.id DESC LIMIT ? OFFSET ?`).all(...params, q.pageSize + 1, offsetOf(q)) as SubscriberRow[]
  const total = conn.prepare(`SELECT COUNT(*) FROM Profile p WHERE ${where}`).pluck().get(...params) as number
  const iso = (v: string | null) => (v ? new Date(v).toISOString() : null)
  return page(rows.map((r) => ({ ...r, consent: r.consent ?? 'never_subscribed', createdAt: iso(r.createdAt)!, consentedAt: iso(r.consentedAt) })), q, total)
}
