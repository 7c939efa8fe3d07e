// Scheduled saved reports: each period the job runs the report (a ReportRun, trigger 'schedule',
// so the mailing shows in the report's history) and mails its table inline to the account's
// users through the account mail path (lib/mail), as the catalog's scheduled reports do: the
// recipients are the account's team, never profiles. A period is claimed by moving nextRunAt
// on before anything is mailed, so however often the job runs a period mails once.
import { db } from '@/lib/db/client'
import { getMailer } from '@/lib/mail/mailer'
import { escapeHtml } from '@/lib/templates/template-output'
import { registerJobHandler } from '@/lib/jobs/queue'
import { queueNow } from '@/lib/jobs/clock'
import { createReportRun } from './report-runs'
import { bookScheduleJob, followingRun, REPORT_SCHEDULE_JOB } from './report-schedule-times'
import type { ReportResult } from './run-report'

/** The mail shows this many rows; the report page has the rest and the CSV. */
const MAIL_ROWS = 50

async function recipientsOf(companyId: number, chosen: string[]): Promise<string[]> {
  const members = await db.membership.findMany({ where: { companyId }, select: { user: { select: { email: true } } } })
  const emails = [...new Set(members.map((m) => m.user.email.trim().toLowerCase()))].sort()
  // Someone who left the account since the schedule was set is dropped, not mailed.
  return chosen.length ? emails.filter((e) => chosen.includes(e)) : emails
}

function mailBody(name: string, result: ReportResult) {
  const cell = (v: unknown) => (v === null || v === undefined ? '' : String(v))
  const rows = result.rows.slice(0, MAIL_ROWS)
  const range = `${result.range.start.slice(0, 10)} – ${new Date(Date.parse(result.range.end) - 1).toISOString().slice(0, 10)}`
  const more = result.rows.length > rows.length ? `${result.rows.length - rows.length} more rows in the report.` : ''
  const html =
    `<h1 style="font-size:20px">${escapeHtml(name)}</h1><p>${escapeHtml(range)}</p>` +
    `<table cellpadding="4" style="border-collapse:collapse"><tr>${result.columns.map((c) => `<th align="left">${escapeHtml(c.label)}</th>`).join('')}</tr>` +
    rows.map((r) => `<tr>${r.map((v) => `<td>${escapeHtml(cell(v))}</td>`).join('')}</tr>`).join('') +
    `</table>${more ? `<p>${escapeHtml(more)}</p>` : ''}`
  const text = [
    name,
    range,
    result.columns.map((c) => c.label).join('\t'),
    ...rows.map((r) => r.map(cell).join('\t')),
    more,
  ].join('\n')
  return { html, text }
}

/** Mails every saved report whose period has come; returns how many were mailed. */
export async function sendDueSavedReports(now = new Date()): Promise<number> {
  const due = await db.savedReport.findMany({
    where: { kind: 'builder', schedule: { not: 'none' }, nextRunAt: { lte: now } },
    orderBy: { nextRunAt: 'asc' },
    take: 200,
  })
  let sent = 0
  for (const r of due) {
    const at = r.nextRunAt!
    let next = followingRun(r.schedule, at)
    while (next <= now) next = followingRun(r.schedule, next)
    const claimed = await db.savedReport.updateMany({
      where: { id: r.id, companyId: r.companyId, nextRunAt: at },
      data: { nextRunAt: next, lastRunAt: now },
    })
    if (!claimed.count) continue
    const run = await createReportRun(
      r.companyId,
      { definition: JSON.parse(r.definition), reportId: r.id, trigger: 'schedule', inline: 'always' },
      at,
    )
    if (run.status !== 'complete' || !run.result) continue
    const { html, text } = mailBody(r.name, run.result)
    const mailer = getMailer()
    for (const to of await recipientsOf(r.companyId, JSON.parse(r.recipients) as string[]))
      await mailer.send({ to, subject: `Report: ${r.name}`, text, html, kind: 'report', companyId: r.companyId })
    sent++
  }
  const soonest = await db.savedReport.findFirst({
    where: { kind: 'builder', schedule: { not: 'none' }, nextRunAt: { not: null } },
    orderBy: { nextRunAt: 'asc' },
    select: { nextRunAt: true },
  })
  if (soonest?.nextRunAt)
    await bookScheduleJob(soonest.nextRunAt > now ? soonest.nextRunAt : new Date(now.getTime() + 60_000))
  return sent
}

export function register(): void {
  registerJobHandler(REPORT_SCHEDULE_JOB, async () => {
    await sendDueSavedReports(queueNow())
  })
}
