// /staff/quarterly-growth-report: one account's quarters, under its consent.
import { z } from 'zod'
import { staffAccountAccess, type StaffActor } from './staff-account-access'
import { quarterlyFigures } from './quarterly-figures'

export const growthReportQuery = z.object({ quarters: z.coerce.number().int().min(1).max(12).default(4) })

export async function staffGrowthReport(actor: StaffActor, companyId: number, quarters: number, now = new Date()) {
  const account = await staffAccountAccess(actor, companyId, 'growth_report.view', { quarters })
  return { account, quarters: await quarterlyFigures(companyId, now, quarters) }
}
