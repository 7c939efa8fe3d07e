// The merchant side of the hub's set-up (seed 002 §7.13): eligibility, enable, the onboarding
// enable step with its install check (the onsite script's install ping, lib/onsite/record-ping.ts),
// and the get-started tasks the merchant ticked off. Every query carries the company.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { METRICS } from '@/lib/integrations/commerce/order-events'
import { getHubSettings } from './hub-settings'

export const HUB_TASKS = ['design', 'content', 'returns', 'faq', 'support', 'enable'] as const
export const completedTasksBody = z.object({ task: z.enum(HUB_TASKS) }).strict()
export const enableHubBody = z
  .object({ enabled: z.boolean().default(true), buttonEnabled: z.boolean().optional() })
  .strict()
export const hubLogEventBody = z
  .object({
    event: z.string().trim().min(1).max(100),
    properties: z.record(z.string(), z.string().max(500)).optional(),
  })
  .strict()

/** A hub shows orders: the account needs the store's order events to make it useful. */
export async function hubEligibility(companyId: number) {
  const orders = await db.metric.findFirst({ where: { companyId, name: METRICS.placed }, select: { id: true } })
  return { eligible: !!orders, reasons: orders ? [] : ['no_orders'] }
}

export async function validateHubInstall(companyId: number) {
  const installs = await db.onsiteInstall.findMany({
    where: { companyId },
    orderBy: { lastSeenAt: 'desc' },
    take: 5,
    select: { origin: true, lastSeenAt: true },
  })
  return { installed: installs.length > 0, origins: installs }
}

export async function enableHub(companyId: number, body: z.infer<typeof enableHubBody>) {
  const data = { enabled: body.enabled, ...(body.buttonEnabled !== undefined && { buttonEnabled: body.buttonEnabled }) }
  await db.hubSettings.upsert({ where: { companyId }, create: { companyId, ...data }, update: data })
  if (body.enabled) await completeHubTask(companyId, 'enable')
  return getHubSettings(companyId)
}

export async function completeHubTask(companyId: number, task: (typeof HUB_TASKS)[number]) {
  const { completedTasks } = await getHubSettings(companyId)
  const next = JSON.stringify([...new Set([...completedTasks, task])])
  await db.hubSettings.upsert({
    where: { companyId },
    create: { companyId, completedTasks: next },
    update: { completedTasks: next },
  })
  return { completedTasks: JSON.parse(next) as string[] }
}
