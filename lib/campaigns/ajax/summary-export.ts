// The campaign page's basic figures (until lib/reporting serves the full campaign report) and
// the recipients CSV through the downloads mechanism: POST /ajax/campaign/{id}/exports creates a
// Download and enqueues 'campaigns.recipients-export'; the job writes the file in keyset pages;
// the file is GET /ajax/downloads/{id}/file.
import { db } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { read, select } from '@/lib/db/ops'
import { toDate } from '@/lib/db/dialect'
import { enqueue, registerJobHandler } from '@/lib/jobs/queue'
import { campaignFigures } from '@/lib/reporting/campaign-values'
import { CampaignError } from '../errors'

export const RECIPIENTS_EXPORT_JOB = 'campaigns.recipients-export'
export const RECIPIENTS_EXPORT_TYPE = 'campaign_recipients'
const CHUNK = 1000

export interface CampaignSummary {
  /** The fixed recipient list (CampaignRecipient rows) by status: pending, released, skipped, held_out. */
  recipients: number
  released: number
  pending: number
  heldOut: number
  skipped: number
  skipReasons: Record<string, number>
  /** The Send rows of the campaign's messages by status (sent, delivered, bounced, failed, skipped …). */
  sends: Record<string, number>
  /** The report's own figures (lib/reporting, human opens and clicks), so the list shows what the report shows. */
  delivered: number
  uniqueOpens: number
  uniqueClicks: number
  openRate: number
  clickRate: number
}

async function campaignOrThrow(companyId: number, id: string) {
  const c = await db.campaign.findFirst({ where: { companyId, id }, select: { id: true, name: true } })
  if (!c) throw new CampaignError('not_found', `Campaign ${id} not found.`)
  return c
}

export async function campaignSummary(companyId: number, campaignId: string): Promise<CampaignSummary> {
  await campaignOrThrow(companyId, campaignId)
  const byStatus = await db.campaignRecipient.groupBy({
    by: ['status'],
    where: { companyId, campaignId },
    _count: { _all: true },
  })
  const reasons = await db.campaignRecipient.groupBy({
    by: ['reason'],
    where: { companyId, campaignId, status: 'skipped' },
    _count: { _all: true },
  })
  const messageIds = (
    await db.campaignMessage.findMany({ where: { companyId, campaignId }, select: { id: true } })
  ).map((m) => m.id)
  const sends = messageIds.length
    ? await db.send.groupBy({
        by: ['status'],
        where: { companyId, sourceType: 'campaign_message', sourceId: { in: messageIds } },
        _count: { _all: true },
      })
    : []
  const n = (s: string) => byStatus.find((r) => r.status === s)?._count._all ?? 0
  const f = await campaignFigures(companyId, campaignId)
  return {
    delivered: f.delivered,
    uniqueOpens: f.opens_unique,
    uniqueClicks: f.clicks_unique,
    openRate: f.open_rate,
    clickRate: f.click_rate,
    recipients: byStatus.reduce((a, r) => a + r._count._all, 0),
    released: n('released'),
    pending: n('pending') + n('waiting'),
    heldOut: n('held_out'),
    skipped: n('skipped'),
    skipReasons: Object.fromEntries(reasons.map((r) => [r.reason ?? 'unknown', r._count._all])),
    sends: Object.fromEntries(sends.map((s) => [s.status, s._count._all])),
  }
}

export interface RecipientsExportPayload {
  downloadId: number
  campaignId: string
}

export async function startRecipientsExport(
  companyId: number,
  userId: number | null,
  campaignId: string,
): Promise<{ downloadId: number; workerId: number }> {
  const c = await campaignOrThrow(companyId, campaignId)
  const slug =
    c.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'campaign'
  const download = await db.download.create({
    data: { companyId, userId, type: RECIPIENTS_EXPORT_TYPE, fileName: `${slug}-recipients.csv` },
  })
  try {
    const payload: RecipientsExportPayload = { downloadId: download.id, campaignId }
    const jobId = await enqueue(RECIPIENTS_EXPORT_JOB, payload, {
      companyId,
      idempotencyKey: `${RECIPIENTS_EXPORT_JOB}:${download.id}`,
    })
    await db.download.update({ where: { id: download.id }, data: { jobId } })
    return { downloadId: download.id, workerId: jobId }
  } catch (e) {
    await db.download.delete({ where: { id: download.id } }).catch(() => {})
    throw e
  }
}

const cell = (v: unknown) => {
  const s = v == null ? '' : String(v)
  return /[",\r\n]/.test(s) || /^[=+\-@]/.test(s) ? `"${(/^[=+\-@]/.test(s) ? "'" : '') + s.replace(/"/g, '""')}"` : s
}
const line = (cells: unknown[]) => cells.map(cell).join(',') + '\r\n'
export const RECIPIENTS_CSV_HEADER = line([
  'profile_id',
  'email',
  'phone_number',
  'status',
  'reason',
  'cohort',
  'variation_id',
  'send_at',
  'released_at',
])

export async function writeRecipientsExport(p: RecipientsExportPayload, companyId: number | null): Promise<void> {
  const download = await db.download.findFirst({
    where: { id: p.downloadId, ...(companyId != null ? { companyId } : {}) },
  })
  if (!download) return
  await db.download.update({ where: { id: download.id }, data: { status: 'processing', rowCount: 0 } })
  const parts = [RECIPIENTS_CSV_HEADER]
  let after = ''
  let n = 0
  for (;;) {
    const rows = await read(
      select(
        kysely()
          .selectFrom('CampaignRecipient as r')
          .leftJoin('Profile as p', (j) => j.onRef('p.id', '=', 'r.profileId').onRef('p.companyId', '=', 'r.companyId'))
          .select([
            'r.profileId',
            'p.email',
            'p.phoneNumber',
            'r.status',
            'r.reason',
            'r.cohort',
            'r.variationId',
            'r.sendAt',
            'r.releasedAt',
          ])
          .where('r.companyId', '=', download.companyId)
          .where('r.campaignId', '=', p.campaignId)
          .where('r.profileId', '>', after)
          .orderBy('r.profileId')
          .limit(CHUNK),
      ),
    )
    for (const r of rows) {
      parts.push(
        line([
          r.profileId,
          r.email,
          r.phoneNumber,
          r.status,
          r.reason,
          r.cohort,
          r.variationId,
          toDate(r.sendAt)?.toISOString(),
          toDate(r.releasedAt)?.toISOString(),
        ]),
      )
    }
    n += rows.length
    if (rows.length < CHUNK) break
    after = rows[rows.length - 1]!.profileId
    await db.download.update({ where: { id: download.id }, data: { rowCount: n } })
  }
  await db.download.update({
    where: { id: download.id },
    data: { content: parts.join(''), rowCount: n, status: 'complete', completedAt: new Date() },
  })
}

export function register(): void {
  registerJobHandler(RECIPIENTS_EXPORT_JOB, (payload: RecipientsExportPayload, ctx) =>
    writeRecipientsExport(payload, ctx.companyId),
  )
}
