// Scheduled catalog reports (/catalog/back-in-stock/scheduled-reports): a back-in-stock,
// price-drop or low-inventory report mailed daily, weekly or monthly to the account's users.
// The recipients are the account's own team, so the report is account mail (lib/mail, the
// server's own mail path), never a marketing send: the send pipeline would have made each user
// a profile of the account (issue 29, finding 11). The job claims a period by moving nextSendAt
// on before it mails, so a period's report reaches each user once however often the job runs.
import { z } from 'zod'
import { kysely } from '@/lib/db/kysely'
import { exec, inWriteTx, read, select, selectFirst } from '@/lib/db/ops'
import { toDate } from '@/lib/db/dialect'
import { ulid } from '@/lib/ids/make-id'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { getMailer } from '@/lib/mail/mailer'
import { escapeHtml } from '@/lib/templates/template-output'
import { enqueue } from '@/lib/jobs/queue'
import { backInStockReport } from './back-in-stock'
import { priceDropReport } from './price-drop'
import { lowInventoryReport } from './low-inventory'

export const SCHEDULED_REPORTS_JOB = 'catalog.scheduled-reports'
const DAY = 86_400_000
const PERIOD_DAYS = { daily: 1, weekly: 7, monthly: 30 } as const

export const scheduledReportBody = z
  .object({
    name: z.string().trim().min(1, 'Give the report a name.').max(255, 'The name is too long.'),
    kind: z.enum(['back_in_stock', 'price_drop', 'low_inventory'], {
      message: 'Choose back_in_stock, price_drop or low_inventory.',
    }),
    flowId: z.string().trim().max(64).nullish(),
    frequency: z.enum(['daily', 'weekly', 'monthly'], { message: 'Choose daily, weekly or monthly.' }),
  })
  .refine((r) => r.kind !== 'low_inventory' || !!r.flowId, {
    message: 'Choose the low-inventory flow.',
    path: ['flowId'],
  })
export type ScheduledReportInput = z.input<typeof scheduledReportBody>

export interface ScheduledReport {
  id: string
  name: string
  kind: string
  flowId: string | null
  frequency: string
  nextSendAt: Date | null
  lastSentAt: Date | null
  createdAt: Date
}

const rowOf = (r: Record<string, unknown>): ScheduledReport => ({
  id: r.id as string,
  name: r.name as string,
  kind: r.kind as string,
  flowId: (r.flowId as string | null) ?? null,
  frequency: r.frequency as string,
  nextSendAt: toDate(r.nextSendAt),
  lastSentAt: toDate(r.lastSentAt),
  createdAt: toDate(r.createdAt)!,
})

function parse(input: unknown) {
  const p = scheduledReportBody.safeParse(input)
  if (!p.success) {
    const fieldErrors: Record<string, string[]> = {}
    for (const i of p.error.issues) (fieldErrors[i.path.join('.') || '_'] ??= []).push(i.message)
    // The flow check is a refinement, which zod skips while other fields fail: report it too.
    const raw = (input ?? {}) as Record<string, unknown>
    if (raw.kind === 'low_inventory' && !raw.flowId && !fieldErrors.flowId)
      fieldErrors.flowId = ['Choose the low-inventory flow.']
    throw badRequest('Please correct the highlighted fields.', fieldErrors)
  }
  return p.data
}

async function checkFlow(companyId: number, flowId: string | null | undefined) {
  if (!flowId) return
  const f = await read(
    selectFirst(kysely().selectFrom('Flow').select('id').where('companyId', '=', companyId).where('id', '=', flowId)),
  )
  if (!f) throw badRequest('This flow does not exist.', { flowId: ['This flow does not exist.'] })
}

/** The next midnight UTC after `now` (reports go out at the start of a day). */
const nextDay = (now: Date) => new Date(Math.floor(now.getTime() / DAY) * DAY + DAY)

export async function listScheduledReports(companyId: number): Promise<ScheduledReport[]> {
  const rows = await read(
    select(
      kysely()
        .selectFrom('CatalogScheduledReport')
        .selectAll()
        .where('companyId', '=', companyId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc'),
    ),
  )
  return rows.map((r) => rowOf(r as Record<string, unknown>))
}

export async function getReport(companyId: number, id: string): Promise<ScheduledReport> {
  const r = await read(
    selectFirst(
      kysely().selectFrom('CatalogScheduledReport').selectAll().where('companyId', '=', companyId).where('id', '=', id),
    ),
  )
  if (!r) throw notFound('This scheduled report does not exist.')
  return rowOf(r as Record<string, unknown>)
}

async function bookJob(at: Date) {
  await enqueue(
    SCHEDULED_REPORTS_JOB,
    {},
    { runAt: at, idempotencyKey: `${SCHEDULED_REPORTS_JOB}:${at.toISOString()}` },
  )
}

export async function addScheduledReport(
  companyId: number,
  input: unknown,
  now = new Date(),
): Promise<ScheduledReport> {
  const r = parse(input)
  await checkFlow(companyId, r.flowId)
  const id = ulid(now.getTime())
  const nextSendAt = nextDay(now)
  await inWriteTx(() =>
    exec(
      kysely()
        .insertInto('CatalogScheduledReport')
        .values({
          id,
          companyId,
          name: r.name,
          kind: r.kind,
          flowId: r.kind === 'low_inventory' ? (r.flowId ?? null) : null,
          frequency: r.frequency,
          nextSendAt,
          lastSentAt: null,
          createdAt: now,
          updatedAt: now,
        }),
    ),
  )
  await bookJob(nextSendAt)
  return getReport(companyId, id)
}

export async function editScheduledReport(
  companyId: number,
  id: string,
  input: unknown,
  now = new Date(),
): Promise<ScheduledReport> {
  await getReport(companyId, id)
  const r = parse(input)
  await checkFlow(companyId, r.flowId)
  await inWriteTx(() =>
    exec(
      kysely()
        .updateTable('CatalogScheduledReport')
        .set({
          name: r.name,
          kind: r.kind,
          flowId: r.kind === 'low_inventory' ? (r.flowId ?? null) : null,
          frequency: r.frequency,
          updatedAt: now,
        })
        .where('companyId', '=', companyId)
        .where('id', '=', id),
    ),
  )
  return getReport(companyId, id)
}

export async function deleteScheduledReport(companyId: number, id: string): Promise<void> {
  const n = await inWriteTx(() =>
    exec(kysely().deleteFrom('CatalogScheduledReport').where('companyId', '=', companyId).where('id', '=', id)),
  )
  if (!n) throw notFound('This scheduled report does not exist.')
}

const KIND_LABEL: Record<string, string> = {
  back_in_stock: 'Back in stock',
  price_drop: 'Price drop',
  low_inventory: 'Low inventory',
}

/** The report's figures for the period as [label, value] lines. */
async function figures(
  companyId: number,
  report: ScheduledReport,
  range: { from: Date; to: Date },
): Promise<Array<[string, string]>> {
  if (report.kind === 'back_in_stock') {
    const r = await backInStockReport(companyId, range)
    return [
      ['Subscriptions', String(r.totals.subscriptions)],
      ['Notified', String(r.totals.notified)],
      ['Waiting', String(r.totals.pending)],
      ['Conversions', String(r.totals.conversions)],
      ['Revenue', r.totals.revenue.toFixed(2)],
    ]
  }
  if (report.kind === 'price_drop') {
    const r = await priceDropReport(companyId, range)
    return [
      ['Price drops', String(r.totals.drops)],
      ['Profiles entered', String(r.totals.profilesEntered)],
      ['Messages sent', String(r.totals.sends)],
    ]
  }
  const r = await lowInventoryReport(companyId, report.flowId ?? '', range)
  if (!r) return [['Flow', 'deleted']]
  return [
    ['Flow', r.flow.name],
    ['Low-inventory occurrences', String(r.totals.occurrences)],
    ['Profiles entered', String(r.totals.profilesEntered)],
    ['Messages sent', String(r.totals.sends)],
  ]
}

/** Mails the report for its last period to every user of the account; returns who got it. */
export async function sendScheduledReport(
  companyId: number,
  id: string,
  now = new Date(),
  periodKey?: string,
): Promise<{ sent: number; recipients: string[] }> {
  const report = await getReport(companyId, id)
  const days = PERIOD_DAYS[report.frequency as keyof typeof PERIOD_DAYS] ?? 7
  // A scheduled send covers the whole days before it; a manual one the last period up to now.
  const to = periodKey ? new Date(Math.floor(now.getTime() / DAY) * DAY) : now
  const range = { from: new Date(to.getTime() - days * DAY), to }
  const lines = await figures(companyId, report, range)
  const users = await read(
    select(
      kysely()
        .selectFrom('Membership as m')
        .innerJoin('User as u', 'u.id', 'm.userId')
        .select(['u.email as email'])
        .where('m.companyId', '=', companyId)
        .orderBy('u.email'),
    ),
  )
  const title = `${KIND_LABEL[report.kind] ?? report.kind} report: ${report.name}`
  const html =
    `<h1 style="font-size:20px">${escapeHtml(title)}</h1><p>${escapeHtml(range.from.toISOString().slice(0, 10))} – ${escapeHtml(new Date(range.to.getTime() - 1).toISOString().slice(0, 10))}</p>` +
    `<table>${lines.map(([k, v]) => `<tr><td style="padding:2px 12px 2px 0">${escapeHtml(k)}</td><td><strong>${escapeHtml(v)}</strong></td></tr>`).join('')}</table>`
  const text = `${title}\n${lines.map(([k, v]) => `${k}: ${v}`).join('\n')}`
  const recipients = [...new Set(users.map((u) => u.email.trim().toLowerCase()))]
  const mailer = getMailer()
  for (const address of recipients)
    await mailer.send({ to: address, subject: title, text, html, kind: 'report', companyId })
  await inWriteTx(() =>
    exec(
      kysely()
        .updateTable('CatalogScheduledReport')
        .set({ lastSentAt: now, updatedAt: now })
        .where('companyId', '=', companyId)
        .where('id', '=', id),
    ),
  )
  return { sent: recipients.length, recipients }
}

/** The job: every report whose nextSendAt has come, once per period; books the next look. */
export async function sendDueReports(now = new Date()): Promise<number> {
  const due = await read(
    select(
      kysely()
        .selectFrom('CatalogScheduledReport')
        .select(['id', 'companyId', 'frequency', 'nextSendAt'])
        .where('nextSendAt', '<=', now)
        .orderBy('nextSendAt')
        .limit(500),
    ),
  )
  let n = 0
  for (const r of due) {
    const at = toDate(r.nextSendAt)!
    const next = new Date(at.getTime() + (PERIOD_DAYS[r.frequency as keyof typeof PERIOD_DAYS] ?? 7) * DAY)
    // Claimed before mailing: a second runner of the same period finds nextSendAt moved and skips.
    const claimed = await inWriteTx(() =>
      exec(
        kysely()
          .updateTable('CatalogScheduledReport')
          .set({ nextSendAt: next <= now ? nextDay(now) : next })
          .where('id', '=', r.id)
          .where('nextSendAt', '=', r.nextSendAt),
      ),
    )
    if (!claimed) continue
    await sendScheduledReport(Number(r.companyId), r.id, at, at.toISOString().slice(0, 10))
    n++
  }
  const soonest = await read(
    selectFirst(
      kysely()
        .selectFrom('CatalogScheduledReport')
        .select((eb) => eb.fn.min('nextSendAt').as('at')),
    ),
  )
  const at = toDate(soonest?.at)
  if (at) await bookJob(at > now ? at : nextDay(now))
  return n
}
