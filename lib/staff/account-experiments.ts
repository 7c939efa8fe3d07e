// /staff/experiments: the account's A/B assignments (/ajax/account/ab_tests reads them), set by staff.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { staffAccountAccess, type StaffActor } from './staff-account-access'

export const setExperimentBody = z.object({
  experiment: z
    .string()
    .trim()
    .regex(/^[a-z0-9_.-]{1,80}$/i, 'Letters, digits, dots, dashes and underscores.'),
  value: z.union([z.boolean(), z.number().finite(), z.null()]),
})

const view = (rows: { experiment: string; value: string }[]) => ({
  experiments: rows.map((r) => ({ experiment: r.experiment, value: JSON.parse(r.value) as boolean | number | null })),
})

export async function getAccountExperiments(actor: StaffActor, companyId: number) {
  await staffAccountAccess(actor, companyId, 'experiments.view')
  return view(await db.abTestAssignment.findMany({ where: { companyId }, orderBy: { experiment: 'asc' } }))
}

export async function setAccountExperiment(
  actor: StaffActor,
  companyId: number,
  body: z.infer<typeof setExperimentBody>,
) {
  await staffAccountAccess(actor, companyId, 'experiments.update', body)
  const value = JSON.stringify(body.value)
  await db.abTestAssignment.upsert({
    where: { companyId_experiment: { companyId, experiment: body.experiment } },
    create: { companyId, experiment: body.experiment, value },
    update: { value },
  })
  return view(await db.abTestAssignment.findMany({ where: { companyId }, orderBy: { experiment: 'asc' } }))
}
