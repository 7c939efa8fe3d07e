// A/B tests of flow actions (seed 002 §7.5): variation clone and delete, test settings, publish,
// choose winner, end and restart, content, delete. The variations live in the ab-test action's
// definition (saved as new flow versions); the experiment's state (settings, start, winner) in
// FlowAbTest rows, one per experiment run of the action.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import type { FlowAbTest } from '@/generated/prisma/client'
import { ulid, shortId } from '@/lib/ids/make-id'
import { badRequest, notFound } from '@/lib/errors/app-error'
import type { FlowAction } from '@/lib/flows/definition'
import { getFlowDefinition, getFlowOrThrow } from '@/lib/flows/store'
import {
  AB_TEST_TYPES,
  armsOf,
  channelOfType,
  ensureVariationIds,
  experimentOf,
  findMessageOrThrow,
  saveDefinition,
  variationActions,
  type Json,
} from './messages-lookup'

export const AB_METRICS = ['open_rate', 'click_rate', 'placed_order_revenue'] as const
export type AbMetric = (typeof AB_METRICS)[number]
export const MAX_VARIATIONS = 8

const flag = z.union([
  z.boolean(),
  z.enum(['true', 'false', 'on', 'off', '1', '0']).transform((v) => v === 'true' || v === 'on' || v === '1'),
])
export const testSettingsBody = z.object({
  metric: z.enum(AB_METRICS, 'metric must be open_rate, click_rate or placed_order_revenue.'),
  windowHours: z.coerce
    .number()
    .int('The window is a whole number of hours.')
    .min(1, 'The window is at least 1 hour.')
    .max(24 * 30, 'The window is at most 720 hours (30 days).'),
  autoWinner: flag.default(false),
  confidence: z.coerce
    .number()
    .min(0.5, 'The confidence is between 0.5 and 0.999.')
    .max(0.999, 'The confidence is between 0.5 and 0.999.')
    .optional(),
})
export const publishBody = z.object({ talonId: z.string().trim().min(1, 'talonId is required.').max(128) })
export const chooseWinnerBody = z.object({ variationId: z.string().trim().min(1, 'variationId is required.').max(64) })

export async function abTestActionOrThrow(companyId: number, actionId: string) {
  const row = await db.flowAction.findFirst({ where: { companyId, id: actionId } })
  if (!row || !AB_TEST_TYPES.has(row.actionType))
    throw notFound(`An A/B test action with id ${actionId} was not found.`)
  const flow = await getFlowOrThrow(companyId, row.flowId)
  const def = await getFlowDefinition(companyId, row.flowId)
  const action = def.actions.find((a) => a.id === actionId)
  if (!action) throw notFound(`An A/B test action with id ${actionId} was not found.`)
  return { flow, def, action }
}

/** The action's latest experiment row, created as a draft when there is none. */
export async function currentTest(
  companyId: number,
  flowId: string,
  actionId: string,
  create = true,
): Promise<FlowAbTest | null> {
  const row = await db.flowAbTest.findFirst({
    where: { companyId, actionId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  })
  if (row || !create) return row
  return db.flowAbTest.create({ data: { id: ulid(), companyId, flowId, actionId } })
}

export function settingsView(t: FlowAbTest | null, actionId: string) {
  return {
    actionId,
    testId: t?.id ?? null,
    status: t?.status ?? 'draft',
    configured: t?.configured ?? false,
    metric: (t?.metric ?? 'open_rate') as AbMetric,
    windowHours: t?.windowHours ?? 24,
    autoWinner: t?.autoWinner ?? false,
    confidence: t?.confidence ?? 0.9,
    talonId: t?.talonId ?? null,
    winnerVariationId: t?.winnerVariationId ?? null,
    winnerChosenBy: t?.winnerChosenBy ?? null,
    startedAt: t?.startedAt?.toISOString() ?? null,
    endedAt: t?.endedAt?.toISOString() ?? null,
  }
}

export async function getTestSettings(companyId: number, actionId: string) {
  await abTestActionOrThrow(companyId, actionId)
  return { settings: settingsView(await currentTest(companyId, '', actionId, false), actionId) }
}

/** Every A/B test action of a flow (or of the company) with its settings. */
export async function allTestSettings(companyId: number, flowId?: string) {
  const actions = await db.flowAction.findMany({
    where: { companyId, actionType: { in: [...AB_TEST_TYPES] }, ...(flowId ? { flowId } : {}) },
    orderBy: { id: 'asc' },
    take: 500,
  })
  const tests = await db.flowAbTest.findMany({
    where: { companyId, actionId: { in: actions.map((a) => a.id) } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  })
  const latest = new Map<string, FlowAbTest>()
  for (const t of tests) if (!latest.has(t.actionId)) latest.set(t.actionId, t)
  return { settings: actions.map((a) => ({ flowId: a.flowId, ...settingsView(latest.get(a.id) ?? null, a.id) })) }
}

export async function saveTestSettings(companyId: number, actionId: string, body: z.infer<typeof testSettingsBody>) {
  const { flow } = await abTestActionOrThrow(companyId, actionId)
  let t = await currentTest(companyId, flow.id, actionId)
  if (t!.status === 'completed')
    t = await db.flowAbTest.create({ data: { id: ulid(), companyId, flowId: flow.id, actionId } })
  const updated = await db.flowAbTest.update({
    where: { id: t!.id },
    data: {
      metric: body.metric,
      windowHours: body.windowHours,
      autoWinner: body.autoWinner,
      ...(body.confidence !== undefined ? { confidence: body.confidence } : {}),
      configured: true,
    },
  })
  return { settings: settingsView(updated, actionId) }
}

export async function deleteTestSettings(companyId: number, actionId: string) {
  const { flow } = await abTestActionOrThrow(companyId, actionId)
  const t = await currentTest(companyId, flow.id, actionId, false)
  if (!t) return { settings: settingsView(null, actionId) }
  const updated = await db.flowAbTest.update({
    where: { id: t.id },
    data: { metric: 'open_rate', windowHours: 24, autoWinner: false, confidence: 0.9, configured: false },
  })
  return { settings: settingsView(updated, actionId) }
}

function setExperimentStatus(action: FlowAction, status: 'draft' | 'live' | 'completed', started?: Date) {
  const data = ((action as { data?: Json }).data ??= {}) as Json
  data.experiment_status = status
  const exp = experimentOf(action, true)!
  if (started) exp.started = started.toISOString()
}

/** Starts the test: the engine splits recipients by weight from now on. */
export async function publishTest(companyId: number, actionId: string, talonId: string, now = new Date()) {
  const { flow, def, action } = await abTestActionOrThrow(companyId, actionId)
  if (armsOf(action).length < 2)
    throw badRequest('An A/B test needs at least two variations to start.', {
      variations: ['An A/B test needs at least two variations to start.'],
    })
  let t = await currentTest(companyId, flow.id, actionId)
  if (t!.status === 'completed')
    t = await db.flowAbTest.create({
      data: {
        id: ulid(),
        companyId,
        flowId: flow.id,
        actionId,
        metric: t!.metric,
        windowHours: t!.windowHours,
        autoWinner: t!.autoWinner,
        confidence: t!.confidence,
        configured: t!.configured,
      },
    })
  const startedAt = t!.startedAt ?? now
  setExperimentStatus(action, 'live', startedAt)
  const version = await saveDefinition(companyId, flow, def)
  const updated = await db.flowAbTest.update({ where: { id: t!.id }, data: { status: 'live', talonId, startedAt } })
  return { version, settings: settingsView(updated, actionId) }
}

/** Ends the test with a winner: from now on every recipient gets that variation. */
export async function chooseWinner(
  companyId: number,
  actionId: string,
  winner: string,
  chosenBy: 'manual' | 'automatic' = 'manual',
  now = new Date(),
) {
  const { flow, def, action } = await abTestActionOrThrow(companyId, actionId)
  const ids = armsOf(action).map((a) => a.id)
  if (!ids.includes(winner))
    throw badRequest(`The A/B test has no variation ${winner}.`, {
      variationId: [`The A/B test has no variation ${winner}.`],
    })
  const t = await currentTest(companyId, flow.id, actionId)
  setExperimentStatus(action, 'completed')
  const exp = experimentOf(action, true)!
  exp.winner = winner
  const version = await saveDefinition(companyId, flow, def)
  const updated = await db.flowAbTest.update({
    where: { id: t!.id },
    data: {
      status: 'completed',
      winnerVariationId: winner,
      winnerChosenBy: chosenBy,
      endedAt: now,
      startedAt: t!.startedAt ?? now,
    },
  })
  return { version, settings: settingsView(updated, actionId) }
}

/** Ends the running experiment without a winner and starts a new one (same settings, fresh statistics). */
export async function endAndRestart(companyId: number, actionId: string, channel: 'email' | 'sms', now = new Date()) {
  const { flow, def, action } = await abTestActionOrThrow(companyId, actionId)
  const main = ((action as { data?: Json }).data?.main_action ?? null) as Json | null
  const actual = channelOfType(main?.type ?? variationActions(action)[0]?.type)
  if (actual !== channel)
    throw badRequest(
      `This A/B test is ${actual === 'sms' ? 'an SMS' : `a${actual === 'email' ? 'n' : ''} ${actual}`} test; use end_and_restart/${actual}.`,
      { channel: [`This A/B test sends ${actual}.`] },
    )
  if (armsOf(action).length < 2)
    throw badRequest('An A/B test needs at least two variations to start.', {
      variations: ['An A/B test needs at least two variations to start.'],
    })
  const old = await currentTest(companyId, flow.id, actionId)
  setExperimentStatus(action, 'live', now)
  const exp = experimentOf(action, true)!
  delete exp.winner
  delete exp.winner_id
  delete ((action as { data?: Json }).data ?? {}).winner_id
  const version = await saveDefinition(companyId, flow, def)
  const [, fresh] = await db.$transaction([
    db.flowAbTest.update({ where: { id: old!.id }, data: { status: 'completed', endedAt: now } }),
    db.flowAbTest.create({
      data: {
        id: ulid(),
        companyId,
        flowId: flow.id,
        actionId,
        status: 'live',
        startedAt: now,
        metric: old!.metric,
        windowHours: old!.windowHours,
        autoWinner: old!.autoWinner,
        confidence: old!.confidence,
        configured: old!.configured,
        talonId: old!.talonId,
      },
    }),
  ])
  return { version, endedTestId: old!.id, settings: settingsView(fresh, actionId) }
}

function rebalance(action: FlowAction) {
  const ids = armsOf(action).map((a) => a.id)
  const exp = experimentOf(action, true)!
  const share = Math.floor(100 / Math.max(ids.length, 1))
  exp.allocations = Object.fromEntries(ids.map((id, i) => [id, i === 0 ? 100 - share * (ids.length - 1) : share]))
}

/** A copy of a variation (a new message id, "(copy)" in its name); weights shared evenly again. */
export async function cloneVariation(companyId: number, variation: string) {
  const loc = await findMessageOrThrow(companyId, variation)
  if (loc.kind !== 'variation' && loc.kind !== 'main')
    throw badRequest('This message is not an A/B test variation.', {
      id: ['This message is not an A/B test variation.'],
    })
  const exp = experimentOf(loc.action, true)!
  if (!Array.isArray(exp.variations)) exp.variations = []
  ensureVariationIds(loc.action)
  const vs = exp.variations as Json[]
  if (vs.length >= MAX_VARIATIONS)
    throw badRequest(`An A/B test has at most ${MAX_VARIATIONS} variations.`, {
      variations: [`An A/B test has at most ${MAX_VARIATIONS} variations.`],
    })
  const copy = JSON.parse(JSON.stringify(loc.sendAction)) as Json
  delete copy.id
  const data = (copy.data ??= {}) as Json
  const m = (data.message ??= {}) as Json
  const id = shortId(8)
  m.id = id
  m.name = `${typeof m.name === 'string' && m.name ? m.name : 'Variation'} (copy)`.slice(0, 255)
  vs.push(copy)
  rebalance(loc.action)
  const version = await saveDefinition(companyId, loc.flow, loc.def)
  return { version, variationId: id, allocations: experimentOf(loc.action)!.allocations }
}

export async function deleteVariation(companyId: number, variation: string) {
  const loc = await findMessageOrThrow(companyId, variation)
  if (loc.kind !== 'variation')
    throw badRequest('This message is not an A/B test variation.', {
      id: ['This message is not an A/B test variation.'],
    })
  const t = await currentTest(companyId, loc.flow.id, loc.action.id!, false)
  if (t?.winnerVariationId === variation)
    throw badRequest('The winning variation cannot be deleted.', { id: ['The winning variation cannot be deleted.'] })
  ensureVariationIds(loc.action)
  const exp = experimentOf(loc.action)!
  const vs = exp.variations as Json[]
  if (vs.length <= 1)
    throw badRequest('An A/B test keeps at least one variation; delete the test instead.', {
      id: ['An A/B test keeps at least one variation.'],
    })
  vs.splice(loc.variationIndex!, 1)
  rebalance(loc.action)
  const version = await saveDefinition(companyId, loc.flow, loc.def)
  return { version, deleted: variation, allocations: exp.allocations }
}

/** The content of every variation of the test (for the test's content tab). */
export async function abTestContent(companyId: number, actionId: string) {
  const { action } = await abTestActionOrThrow(companyId, actionId)
  const alloc = (experimentOf(action)?.allocations as Json | undefined) ?? {}
  const describe = (id: string, send: Json) => {
    const m = ((send.data as Json | undefined)?.message ?? {}) as Json
    return {
      id,
      channel: channelOfType(send.type),
      name: m.name ?? null,
      subject: m.subject_line ?? null,
      previewText: m.preview_text ?? null,
      templateId: m.template_id ?? null,
      body: m.body ?? null,
      weight: Number(alloc[id]) || 0,
    }
  }
  const arms = armsOf(action)
  const main = arms.find((a) => a.kind === 'main')
  return {
    actionId,
    main: main ? describe(main.id, main.sendAction) : null,
    variations: arms.map((a) => ({ ...describe(a.id, a.sendAction), kind: a.kind })),
  }
}

/**
 * Deletes the A/B test: the action becomes a plain send action again, with the winner's content
 * when one was chosen, else the main action's; the action keeps its id, links and status.
 */
export async function deleteAbTest(companyId: number, actionId: string, now = new Date()) {
  const { flow, def, action } = await abTestActionOrThrow(companyId, actionId)
  const t = await currentTest(companyId, flow.id, actionId, false)
  const arms = armsOf(action)
  const winner = t?.winnerVariationId ? arms.find((a) => a.id === t.winnerVariationId) : undefined
  const data = ((action as { data?: Json }).data ?? {}) as Json
  const source = (winner ?? arms[0])?.sendAction
  if (!source || typeof source.type !== 'string') throw badRequest('This A/B test has no message to keep.')
  const plain = JSON.parse(JSON.stringify(source)) as Json
  delete plain.id
  const pdata = (plain.data ??= {}) as Json
  const message = (pdata.message ??= {}) as Json
  delete message.id // the store gives the kept message its id
  pdata.status = data.status ?? 'draft'
  const index = def.actions.findIndex((a) => a.id === actionId)
  def.actions[index] = {
    ...plain,
    id: actionId,
    links: (action as { links?: unknown }).links ?? { next: null },
  } as unknown as FlowAction
  const version = await saveDefinition(companyId, flow, def)
  if (t && t.status !== 'completed')
    await db.flowAbTest.update({ where: { id: t.id }, data: { status: 'completed', endedAt: now } })
  const row = await db.flowMessage.findFirst({ where: { companyId, actionId }, select: { id: true } })
  return { version, actionId, actionType: plain.type, messageId: row?.id ?? null }
}
