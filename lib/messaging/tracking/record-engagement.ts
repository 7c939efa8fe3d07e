// Recording an open or a click of a tracked email (the /t/o and /t/c endpoints), in one write
// transaction: the Send is read by company AND id from the verified token (a token of one
// company can never reach another's send), then Opened Email / Clicked Email is recorded
// through recordMessageEventOps with the message, its source and subject, and the machine
// flags of machine-activity.ts.
//
// Counting: every open and every click counts (the events are what rates and conditions read),
// but one client fetching the same thing several times within a second is one occurrence:
// the occurrence key is the second, the link (clicks) and who it was (a person or the machine
// reason, so a scanner's hit never hides a person's in the same second), so a double-fired
// pixel or a double click does not count twice. Previews record nothing.
import { inWriteTx, selectFirst, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { toDate } from '@/lib/db/dialect'
import { MESSAGE_METRICS, recordMessageEventOps } from '../message-events'
import { classifyHit, machineProps, type Hit, type MachineReason } from './machine-activity'
import type { ClickToken, OpenToken } from './tracking-token'

export interface RequestFacts {
  method: string
  userAgent: string | null
  ip: string | null
  at: Date
}

export interface Recorded {
  eventId: number | null
  machine: MachineReason | null
}

function* engagementOps(
  kind: 'open' | 'click',
  t: OpenToken & { index?: number; url?: string },
  f: RequestFacts,
): Ops<Recorded | null> {
  const s = yield* selectFirst(
    kysely()
      .selectFrom('Send')
      .select(['id', 'companyId', 'profileId', 'channel', 'sourceType', 'sourceId', 'subject', 'sentAt'])
      .where('companyId', '=', t.companyId)
      .where('id', '=', t.sendId),
  )
  if (!s || s.channel !== 'email' || s.sourceType === 'preview' || s.sourceType === 'alert') return null
  const hit: Hit = {
    kind,
    method: f.method,
    userAgent: f.userAgent,
    ip: f.ip,
    sentAt: s.sentAt ? toDate(s.sentAt) : null,
    at: f.at,
  }
  const machine = classifyHit(hit)
  const second = Math.floor(f.at.getTime() / 1000)
  const who = ':' + (machine ?? 'person')
  const eventId = yield* recordMessageEventOps({
    companyId: s.companyId,
    profileId: s.profileId,
    sendId: s.id,
    at: f.at,
    metric: kind === 'open' ? MESSAGE_METRICS.email.opened : MESSAGE_METRICS.email.clicked,
    occurrence: kind === 'open' ? `${second}${who}` : `${t.index}:${second}${who}`,
    properties: {
      $message: s.sourceId,
      $source_type: s.sourceType,
      channel: 'email',
      ...(s.subject ? { Subject: s.subject } : {}),
      ...(kind === 'click' ? { URL: t.url, $link_index: t.index } : {}),
      ...machineProps(machine),
    },
  })
  return { eventId, machine }
}

/** Records an open; null when the send does not exist (in that company) or is a preview. */
export const recordOpen = (t: OpenToken, f: RequestFacts) => inWriteTx(() => engagementOps('open', t, f))

/** Records a click on the link of the token; null as for opens. */
export const recordClick = (t: ClickToken, f: RequestFacts) => inWriteTx(() => engagementOps('click', t, f))
