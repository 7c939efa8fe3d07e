// PUT /ajax/flow/{id}/holdout/override and PUT /ajax/flows/holdout/override (experimentId,
// overrideList of { flow_id, isIgnoringHoldoutGroup }), and GET /ajax/flows/list/holdout.
// The all-flows call also sets the account's holdout experiment (experimentId; null or "" ends
// it); the per-flow call sets that flow's override only. See holdout.ts for what the engine does.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import { DEFAULT_HOLDOUT_PERCENT } from '@/lib/flows/engine/holdout'
import { getAjaxFlow, recordFlowAudit } from './flows-common'

const overrideItem = z.object({
  flowId: z.string().min(1, 'flow_id is required.').max(64),
  isIgnoringHoldoutGroup: z.boolean('isIgnoringHoldoutGroup must be true or false.'),
})
export const holdoutOverrideBody = z.object({
  experimentId: z.string().trim().max(64).nullable().optional(),
  overrideList: z.array(overrideItem).max(1000).default([]),
  percent: z.number().int().min(1).max(50).optional(),
})
export type HoldoutOverrideBody = z.infer<typeof holdoutOverrideBody>

async function checkFlows(companyId: number, ids: string[]) {
  const found = new Set(
    (await db.flow.findMany({ where: { companyId, id: { in: ids } }, select: { id: true } })).map((f) => f.id),
  )
  const missing = ids.filter((id) => !found.has(id))
  if (missing.length) {
    throw badRequest(`There is no flow with id ${missing.map((m) => `"${m}"`).join(', ')}.`, {
      overrideList: missing.map((m) => `Unknown flow "${m}".`),
    })
  }
}

async function writeOverrides(
  companyId: number,
  userId: number,
  experimentId: string,
  list: HoldoutOverrideBody['overrideList'],
) {
  await db.$transaction(async (tx) => {
    for (const o of list) {
      await tx.flowHoldoutOverride.upsert({
        where: { companyId_flowId: { companyId, flowId: o.flowId } },
        create: { companyId, flowId: o.flowId, experimentId, isIgnoringHoldoutGroup: o.isIgnoringHoldoutGroup },
        update: { experimentId, isIgnoringHoldoutGroup: o.isIgnoringHoldoutGroup },
      })
      await recordFlowAudit(
        {
          companyId,
          flowId: o.flowId,
          userId,
          action: 'holdout',
          detail: { experimentId, isIgnoringHoldoutGroup: o.isIgnoringHoldoutGroup },
        },
        tx,
      )
    }
  })
}

/** PUT /ajax/flow/{id}/holdout/override: the list may name this flow only (or be empty: then it takes part). */
export async function overrideFlowHoldout(
  companyId: number,
  userId: number,
  flowId: string,
  body: HoldoutOverrideBody,
) {
  await getAjaxFlow(companyId, flowId)
  if (body.overrideList.some((o) => o.flowId !== flowId))
    throw badRequest('The override list of a flow may name that flow only.', { overrideList: ['Only this flow.'] })
  const experiment = await db.flowHoldoutExperiment.findUnique({ where: { companyId } })
  const experimentId = body.experimentId || experiment?.experimentId || `flow-${flowId}`
  const list = body.overrideList.length ? body.overrideList : [{ flowId, isIgnoringHoldoutGroup: false }]
  await writeOverrides(companyId, userId, experimentId, list)
  return flowHoldouts(companyId, [flowId])
}

/** PUT /ajax/flows/holdout/override: the account's experiment and the listed flows' overrides. */
export async function overrideAllHoldouts(companyId: number, userId: number, body: HoldoutOverrideBody) {
  await checkFlows(companyId, [...new Set(body.overrideList.map((o) => o.flowId))])
  if (body.experimentId === null || body.experimentId === '')
    await db.flowHoldoutExperiment.deleteMany({ where: { companyId } })
  else if (body.experimentId !== undefined) {
    await db.flowHoldoutExperiment.upsert({
      where: { companyId },
      create: { companyId, experimentId: body.experimentId, percent: body.percent ?? DEFAULT_HOLDOUT_PERCENT },
      update: { experimentId: body.experimentId, ...(body.percent ? { percent: body.percent } : {}) },
    })
  }
  const experiment = await db.flowHoldoutExperiment.findUnique({ where: { companyId } })
  if (body.overrideList.length)
    await writeOverrides(
      companyId,
      userId,
      experiment?.experimentId ?? body.experimentId ?? 'flows-holdout',
      body.overrideList,
    )
  return flowHoldouts(companyId)
}

/** GET /ajax/flows/list/holdout: the experiment and, per flow, whether it takes part. */
export async function flowHoldouts(companyId: number, onlyIds?: string[]) {
  const [experiment, overrides, flows] = await Promise.all([
    db.flowHoldoutExperiment.findUnique({ where: { companyId } }),
    db.flowHoldoutOverride.findMany({ where: { companyId, ...(onlyIds ? { flowId: { in: onlyIds } } : {}) } }),
    db.flow.findMany({
      where: { companyId, archived: false, ...(onlyIds ? { id: { in: onlyIds } } : {}) },
      select: { id: true },
      orderBy: { id: 'asc' },
    }),
  ])
  const byFlow = new Map(overrides.map((o) => [o.flowId, o]))
  return {
    experiment: experiment ? { experimentId: experiment.experimentId, percent: experiment.percent } : null,
    flows: flows.map((f) => {
      const o = byFlow.get(f.id)
      const inHoldout = o ? !o.isIgnoringHoldoutGroup : !!experiment
      return {
        flowId: f.id,
        experimentId: o?.experimentId ?? experiment?.experimentId ?? null,
        isIgnoringHoldoutGroup: o ? o.isIgnoringHoldoutGroup : !experiment,
        hasOverride: !!o,
        inHoldout,
        percent: inHoldout ? (experiment?.percent ?? DEFAULT_HOLDOUT_PERCENT) : 0,
      }
    }),
  }
}
