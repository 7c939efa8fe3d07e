// Saved reports of the report builder (SavedReport, kind 'builder'): create, edit, duplicate,
// delete, the share flag and the email schedule. An unshared report is its author's alone: the
// others of the account neither list nor open it. Recipients must be users of the account, so a
// schedule can never mail figures outside it.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { ulid } from '@/lib/ids/make-id'
import { reportDefinition, type ReportDefinition } from './report-definition'
import { resolveSource } from './report-sources'
import { underField } from './field-prefix'
import { bookScheduleJob, nextScheduledRun, REPORT_SCHEDULES } from './report-schedule-times'

export const savedReportBody = z
  .object({
    name: z.string().trim().min(1, 'Give the report a name.').max(255, 'The name is too long.'),
    description: z.string().trim().max(2000).nullish(),
    definition: reportDefinition,
    shared: z.boolean().default(true),
    schedule: z.enum(REPORT_SCHEDULES, { message: 'Choose none, daily, weekly or monthly.' }).default('none'),
    recipients: z.array(z.string().trim().toLowerCase().email('Enter an email address.')).max(50).default([]),
  })
  .strict()
export type SavedReportInput = z.input<typeof savedReportBody>

export interface SavedReportView {
  id: string
  name: string
  description: string | null
  definition: ReportDefinition
  shared: boolean
  schedule: string
  recipients: string[]
  createdById: number | null
  nextRunAt: Date | null
  lastRunAt: Date | null
  createdAt: Date
  updatedAt: Date
}

type Row = NonNullable<Awaited<ReturnType<typeof db.savedReport.findFirst>>>

const view = (r: Row): SavedReportView => ({
  id: r.id,
  name: r.name,
  description: r.description,
  definition: JSON.parse(r.definition) as ReportDefinition,
  shared: r.shared,
  schedule: r.schedule,
  recipients: JSON.parse(r.recipients) as string[],
  createdById: r.createdById,
  nextRunAt: r.nextRunAt,
  lastRunAt: r.lastRunAt,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
})

/** Visible to the user: shared, or theirs. */
const visible = (companyId: number, userId: number | null) => ({
  companyId,
  kind: 'builder',
  OR: [{ shared: true }, ...(userId != null ? [{ createdById: userId }] : [])],
})

export async function listSavedReports(companyId: number, userId: number | null): Promise<SavedReportView[]> {
  const rows = await db.savedReport.findMany({
    where: visible(companyId, userId),
    orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
    take: 500,
  })
  return rows.map(view)
}

export async function getSavedReport(companyId: number, userId: number | null, id: string): Promise<SavedReportView> {
  const r = await db.savedReport.findFirst({ where: { ...visible(companyId, userId), id } })
  if (!r) throw notFound('This report does not exist.')
  return view(r)
}

async function checkRecipients(companyId: number, recipients: string[]) {
  if (!recipients.length) return
  const users = await db.membership.findMany({ where: { companyId }, select: { user: { select: { email: true } } } })
  const members = new Set(users.map((u) => u.user.email.trim().toLowerCase()))
  const outsiders = recipients.filter((r) => !members.has(r))
  if (outsiders.length) {
    const message = `Only users of this account receive reports: ${outsiders.join(', ')}.`
    throw badRequest(message, { recipients: [message] })
  }
}

async function checked(companyId: number, input: unknown) {
  const body = savedReportBody.parse(input)
  await underField('definition', () => resolveSource(companyId, body.definition.source))
  await checkRecipients(companyId, body.recipients)
  return body
}

export async function createSavedReport(
  companyId: number,
  userId: number | null,
  input: unknown,
  now = new Date(),
): Promise<SavedReportView> {
  const body = await checked(companyId, input)
  const id = ulid(now.getTime())
  const nextRunAt = nextScheduledRun(body.schedule, now)
  await db.savedReport.create({
    data: {
      id,
      companyId,
      kind: 'builder',
      name: body.name,
      description: body.description ?? null,
      definition: JSON.stringify(body.definition),
      shared: body.shared,
      schedule: body.schedule,
      recipients: JSON.stringify(body.recipients),
      createdById: userId,
      nextRunAt,
      createdAt: now,
      updatedAt: now,
    },
  })
  if (nextRunAt) await bookScheduleJob(nextRunAt)
  return getSavedReport(companyId, userId, id)
}

export async function updateSavedReport(
  companyId: number,
  userId: number | null,
  id: string,
  input: unknown,
  now = new Date(),
): Promise<SavedReportView> {
  const current = await getSavedReport(companyId, userId, id)
  const body = await checked(companyId, input)
  // A changed schedule starts its first period afresh; an unchanged one keeps its next run.
  const nextRunAt = body.schedule === current.schedule ? current.nextRunAt : nextScheduledRun(body.schedule, now)
  await db.savedReport.updateMany({
    where: { companyId, id },
    data: {
      name: body.name,
      description: body.description ?? null,
      definition: JSON.stringify(body.definition),
      shared: body.shared,
      schedule: body.schedule,
      recipients: JSON.stringify(body.recipients),
      nextRunAt,
      updatedAt: now,
    },
  })
  if (nextRunAt) await bookScheduleJob(nextRunAt)
  return getSavedReport(companyId, userId, id)
}

export async function duplicateSavedReport(
  companyId: number,
  userId: number | null,
  id: string,
  now = new Date(),
): Promise<SavedReportView> {
  const r = await getSavedReport(companyId, userId, id)
  // The copy is not scheduled: one report mailing twice would surprise its recipients.
  return createSavedReport(
    companyId,
    userId,
    {
      name: `${r.name} (copy)`.slice(0, 255),
      description: r.description,
      definition: r.definition,
      shared: r.shared,
      schedule: 'none',
      recipients: [],
    },
    now,
  )
}

export async function deleteSavedReport(companyId: number, userId: number | null, id: string): Promise<void> {
  await getSavedReport(companyId, userId, id)
  await db.savedReport.deleteMany({ where: { companyId, id } })
}
