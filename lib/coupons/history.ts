// /coupon/{couponId}/history: what the rows can tell honestly about a coupon's codes.
// - Added: each API bulk-create job that named this coupon (when, status, codes created and
//   refused for this coupon); the other codes (CSV uploads, pasted codes, single API creates)
//   have no job row, so they are grouped by their creation time: codes created less than
//   BATCH_GAP_MS apart count as one addition. Codes deleted since are not counted anywhere.
// - Given out: each assigned code, newest first, with the profile and the message (the Send
//   whose id is the code's assignKey) that received it; paged.
// - Used: codes marked used (usedAt), newest first.
// Everything is scoped to the signed-in company.
import { db } from '@/lib/db/client'
import { CouponError, couponCounts, couponHistory, findCouponById } from './store'
import type { BulkEntry, BulkError } from './bulk-jobs'

export const HISTORY_PAGE = 50
export const USED_SHOWN = 50
const BATCH_GAP_MS = 60_000
const MAX_CREATION_GROUPS = 5000
const MAX_JOBS = 200

export interface CodeAddition {
  kind: 'bulk_job' | 'added'
  /** The job's creation, or the first code's creation in a batch. */
  at: string
  /** The job's completion, or the last code's creation in a batch. */
  until: string | null
  created: number
  failed: number
  submitted: number
  jobId: string | null
  status: string | null
}

export interface MessageRef {
  sendId: string
  channel: string
  subject: string | null
  source: 'campaign' | 'flow' | 'other'
  /** The campaign's or flow's name. */
  name: string | null
  /** A report screen for that message, when there is one. */
  href: string | null
}

async function bulkJobsOf(companyId: number, coupon: { id: string; externalId: string }) {
  // entries is JSON text; the LIKE narrows the scan, the parse decides
  const jobs = await db.couponCodeBulkJob.findMany({
    where: { companyId, entries: { contains: JSON.stringify(coupon.externalId) } },
    orderBy: { createdAt: 'desc' },
    take: MAX_JOBS,
  })
  const out: Array<CodeAddition & { codeTimes: number[] }> = []
  for (const j of jobs) {
    let entries: BulkEntry[] = []
    let errors: BulkError[] = []
    let codeIds: string[] = []
    try {
      entries = JSON.parse(j.entries) as BulkEntry[]
      errors = JSON.parse(j.errors) as BulkError[]
      codeIds = JSON.parse(j.codeIds) as string[]
    } catch {
      continue
    }
    const mine = new Set(entries.flatMap((e, i) => (e.coupon_id === coupon.externalId ? [i] : [])))
    if (!mine.size) continue
    const failed = errors.filter((e) => mine.has(Number(/\/(\d+)$/.exec(e.source?.pointer ?? '')?.[1] ?? -1))).length
    const codes: Array<{ createdAt: Date }> = []
    for (let i = 0; i < codeIds.length; i += 500) {
      codes.push(
        ...(await db.couponCode.findMany({
          where: { companyId, couponId: coupon.id, id: { in: codeIds.slice(i, i + 500) } },
          select: { createdAt: true },
        })),
      )
    }
    out.push({
      kind: 'bulk_job',
      at: j.createdAt.toISOString(),
      until: j.completedAt?.toISOString() ?? null,
      created: codes.length,
      failed,
      submitted: mine.size,
      jobId: j.id,
      status: j.status,
      codeTimes: codes.map((c) => c.createdAt.getTime()),
    })
  }
  return out
}

async function additionsOf(companyId: number, coupon: { id: string; externalId: string }): Promise<CodeAddition[]> {
  const jobs = await bulkJobsOf(companyId, coupon)
  // codes of this coupon per exact creation time, less those the jobs created
  const groups = await db.couponCode.groupBy({
    by: ['createdAt'],
    where: { companyId, couponId: coupon.id },
    _count: { _all: true },
    orderBy: { createdAt: 'desc' },
    take: MAX_CREATION_GROUPS,
  })
  const perTime = new Map<number, number>(groups.map((g) => [g.createdAt.getTime(), g._count._all]))
  for (const j of jobs) for (const t of j.codeTimes) perTime.set(t, (perTime.get(t) ?? 0) - 1)
  const times = [...perTime.entries()].filter(([, n]) => n > 0).sort((a, b) => a[0] - b[0])
  const batches: CodeAddition[] = []
  let cur: { from: number; to: number; n: number } | null = null
  const close = () => {
    if (cur)
      batches.push({
        kind: 'added',
        at: new Date(cur.from).toISOString(),
        until: new Date(cur.to).toISOString(),
        created: cur.n,
        failed: 0,
        submitted: cur.n,
        jobId: null,
        status: null,
      })
  }
  for (const [t, n] of times) {
    if (cur && t - cur.to < BATCH_GAP_MS) {
      cur.to = t
      cur.n += n
    } else {
      close()
      cur = { from: t, to: t, n }
    }
  }
  close()
  const jobRows: CodeAddition[] = jobs.map((j) => ({
    kind: j.kind,
    at: j.at,
    until: j.until,
    created: j.created,
    failed: j.failed,
    submitted: j.submitted,
    jobId: j.jobId,
    status: j.status,
  }))
  return [...jobRows, ...batches].sort((a, b) => b.at.localeCompare(a.at))
}

/** The message each assignKey names: the Send "<sendId>:<couponId>", and its campaign or flow. */
async function messagesOf(
  companyId: number,
  couponId: string,
  keys: Array<string | null>,
): Promise<Map<string, MessageRef>> {
  const suffix = `:${couponId}`
  const sendIds = [
    ...new Set(keys.filter((k): k is string => !!k && k.endsWith(suffix)).map((k) => k.slice(0, -suffix.length))),
  ]
  const out = new Map<string, MessageRef>()
  if (!sendIds.length) return out
  const sends = await db.send.findMany({
    where: { companyId, id: { in: sendIds } },
    select: { id: true, channel: true, sourceType: true, sourceId: true, subject: true },
  })
  const campaignMessageIds = sends.filter((s) => s.sourceType === 'campaign_message').map((s) => s.sourceId)
  const actionIds = sends.filter((s) => s.sourceType === 'flow_action_run').map((s) => s.sourceId.split(':')[0]!)
  const [cms, fms] = await Promise.all([
    campaignMessageIds.length
      ? db.campaignMessage.findMany({
          where: { companyId, id: { in: campaignMessageIds } },
          select: { id: true, campaignId: true },
        })
      : [],
    actionIds.length
      ? db.flowMessage.findMany({
          where: { companyId, actionId: { in: actionIds } },
          select: { id: true, actionId: true, flowId: true, name: true },
        })
      : [],
  ])
  const [campaigns, flows] = await Promise.all([
    cms.length
      ? db.campaign.findMany({
          where: { companyId, id: { in: cms.map((c) => c.campaignId) } },
          select: { id: true, name: true },
        })
      : [],
    fms.length
      ? db.flow.findMany({
          where: { companyId, id: { in: fms.map((f) => f.flowId) } },
          select: { id: true, name: true },
        })
      : [],
  ])
  const cm = new Map(cms.map((c) => [c.id, c]))
  const fm = new Map(fms.map((f) => [f.actionId, f]))
  const campaignName = new Map(campaigns.map((c) => [c.id, c.name]))
  const flowName = new Map(flows.map((f) => [f.id, f.name]))
  for (const s of sends) {
    const base = { sendId: s.id, channel: s.channel, subject: s.subject }
    let ref: MessageRef = { ...base, source: 'other', name: null, href: null }
    if (s.sourceType === 'campaign_message') {
      const m = cm.get(s.sourceId)
      if (m)
        ref = {
          ...base,
          source: 'campaign',
          name: campaignName.get(m.campaignId) ?? null,
          href: `/campaign/${encodeURIComponent(m.campaignId)}/reports/overview`,
        }
    } else if (s.sourceType === 'flow_action_run') {
      const m = fm.get(s.sourceId.split(':')[0]!)
      if (m)
        ref = {
          ...base,
          source: 'flow',
          name: flowName.get(m.flowId) ?? m.name ?? null,
          href: `/flow/message/${encodeURIComponent(m.id)}/reports/overview`,
        }
    }
    out.set(`${s.id}${suffix}`, ref)
  }
  return out
}

async function emailsOf(companyId: number, ids: Array<string | null>) {
  const wanted = [...new Set(ids.filter((p): p is string => !!p))]
  if (!wanted.length) return new Map<string, string | null>()
  const rows = await db.profile.findMany({
    where: { companyId, id: { in: wanted } },
    select: { id: true, email: true },
  })
  return new Map(rows.map((p) => [p.id, p.email]))
}

export async function couponHistoryAjax(companyId: number, couponId: string, q: { offset?: number }) {
  const c = await findCouponById(companyId, couponId)
  if (!c) throw new CouponError(404, 'not_found', 'This coupon was not found.')
  const offset = Math.max(0, Math.floor(q.offset ?? 0))
  const [counts, additions, assignedRows, assignedTotal, usedRows, usedTotal] = await Promise.all([
    couponCounts(companyId, [c.id]).then((m) => m.get(c.id)!),
    additionsOf(companyId, c),
    couponHistory(companyId, c.id, { limit: HISTORY_PAGE + 1, offset }),
    db.couponCode.count({ where: { companyId, couponId: c.id, assignedAt: { not: null } } }),
    db.couponCode.findMany({
      where: { companyId, couponId: c.id, usedAt: { not: null } },
      orderBy: [{ usedAt: 'desc' }, { id: 'desc' }],
      take: USED_SHOWN,
    }),
    db.couponCode.count({ where: { companyId, couponId: c.id, usedAt: { not: null } } }),
  ])
  const page = assignedRows.slice(0, HISTORY_PAGE)
  const [emails, messages] = await Promise.all([
    emailsOf(
      companyId,
      [...page, ...usedRows].map((x) => x.profileId),
    ),
    messagesOf(
      companyId,
      c.id,
      [...page, ...usedRows].map((x) => x.assignKey),
    ),
  ])
  const code = (x: (typeof page)[number]) => ({
    id: x.id,
    code: x.code,
    status: x.status,
    profileId: x.profileId,
    profileEmail: x.profileId ? (emails.get(x.profileId) ?? null) : null,
    assignedAt: x.assignedAt?.toISOString() ?? null,
    usedAt: x.usedAt?.toISOString() ?? null,
    message: x.assignKey ? (messages.get(x.assignKey) ?? null) : null,
  })
  return {
    coupon: { id: c.id, externalId: c.externalId, created: c.createdAt.toISOString() },
    counts,
    additions,
    assigned: {
      total: assignedTotal,
      offset,
      codes: page.map(code),
      nextOffset: assignedRows.length > HISTORY_PAGE ? offset + HISTORY_PAGE : null,
    },
    used: { total: usedTotal, codes: usedRows.map(code) },
  }
}
export type CouponHistoryResponse = Awaited<ReturnType<typeof couponHistoryAjax>>
