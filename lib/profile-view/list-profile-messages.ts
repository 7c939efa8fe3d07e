// The messages of one profile on its activity timeline: every Send (sent, skipped with its
// reason, deferred, failed, bounced…) with its channel, subject, source and status, so a
// merchant sees why a message did or did not go out. They are interleaved with the events by
// time without a cursor of their own: a page of events covers the seconds (lower, upper] —
// from its last event (exclusive; the next page starts there) up to the previous page's
// cursor (the first page: up to now and beyond) — and carries the messages of the same
// seconds, the last page everything older. At most MAX_MESSAGES_PER_PAGE per page (the
// newest), so a profile with thousands of skipped messages and few events stays bounded.
// A message's time: when it was sent, else when it was settled (skipped, failed), else its
// last change (deferred, queued).
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { epochMs } from '@/lib/db/dialect'
import type { TimelineMessage } from './profile-detail-types'

export const MAX_MESSAGES_PER_PAGE = 100

interface Row {
  id: string
  channel: string
  sourceType: string
  sourceId: string
  status: string
  reason: string | null
  subject: string | null
  content: string
  deferredUntil: unknown
  atMs: number | string
}

/** What the message says of itself when the send never rendered a subject (skipped, queued): its subject, else (SMS, push) the start of its text. */
function contentSubject(content: string): string | null {
  try {
    const c = JSON.parse(content) as { subject?: unknown; text?: unknown }
    const s = typeof c.subject === 'string' && c.subject.trim() ? c.subject : typeof c.text === 'string' ? c.text : ''
    const one = s.replace(/\s+/g, ' ').trim()
    return one ? (one.length > 140 ? one.slice(0, 139) + '…' : one) : null
  } catch {
    return null
  }
}

/** Messages with lowerSec < time (seconds) <= upperSec; null bounds are open. Newest first. */
export async function listProfileMessages(
  companyId: number,
  profileId: string,
  window: { lowerSec: number | null; upperSec: number | null },
  limit = MAX_MESSAGES_PER_PAGE,
): Promise<TimelineMessage[]> {
  const at = epochMs(sql`coalesce("sentAt", "finishedAt", "updatedAt")`)
  let q = kysely()
    .selectFrom('Send')
    .select(['id', 'channel', 'sourceType', 'sourceId', 'status', 'reason', 'subject', 'content', 'deferredUntil'])
    .select(at.as('atMs'))
    .where('companyId', '=', companyId)
    .where('profileId', '=', profileId)
  if (window.upperSec !== null) q = q.where(at, '<', (window.upperSec + 1) * 1000)
  if (window.lowerSec !== null) q = q.where(at, '>=', (window.lowerSec + 1) * 1000)
  const rows = (await read(select(q.orderBy(at, 'desc').orderBy('id', 'desc').limit(limit)))) as Row[]
  return rows.map((r) => {
    const ms = Number(r.atMs)
    return {
      id: r.id,
      channel: r.channel,
      sourceType: r.sourceType,
      sourceId: r.sourceId,
      status: r.status,
      reason: r.reason,
      subject: r.subject ?? contentSubject(r.content),
      deferredUntil: r.deferredUntil ? new Date(r.deferredUntil as string).toISOString() : null,
      datetime: new Date(ms).toISOString(),
      timestamp: Math.floor(ms / 1000),
    }
  })
}
