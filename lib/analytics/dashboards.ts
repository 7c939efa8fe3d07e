// Custom dashboards and their cards: list, create, rename, delete; add, edit and remove cards;
// the cards' order as positions 0..n-1 (drag and drop or move up/down write the whole order at
// once). Every read and write carries companyId; a card is reached only through its dashboard.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { ulid } from '@/lib/ids/make-id'
import { cardSpec, type CardSpec } from './dashboard-card-spec'
import { checkCardRefs, type CardContext } from './card-data'
import { DEFAULT_DASHBOARD_CARDS, DEFAULT_DASHBOARD_NAME } from './default-dashboard'

export const dashboardBody = z
  .object({ name: z.string().trim().min(1, 'Give the dashboard a name.').max(120, 'The name is too long.') })
  .strict()
export const cardOrderBody = z.object({ cardIds: z.array(z.string().min(1).max(64)).min(1).max(100) }).strict()

export interface DashboardCardView {
  id: string
  position: number
  spec: CardSpec
}
export interface DashboardView {
  id: string
  name: string
  isDefault: boolean
  createdAt: Date
  updatedAt: Date
  cards?: DashboardCardView[]
}

type CardRow = NonNullable<Awaited<ReturnType<typeof db.dashboardCard.findFirst>>>

function cardView(r: CardRow): DashboardCardView {
  const spec = cardSpec.parse({
    kind: r.kind,
    title: r.title,
    config: JSON.parse(r.config),
    timeframe: r.timeframe,
    compare: r.compare,
    width: r.width,
  })
  return { id: r.id, position: r.position, spec }
}

const cardColumns = (spec: CardSpec) => ({
  kind: spec.kind,
  title: spec.title,
  config: JSON.stringify(spec.config),
  timeframe: spec.timeframe,
  compare: spec.compare,
  width: spec.width,
})

export async function listDashboards(companyId: number): Promise<DashboardView[]> {
  return db.dashboard.findMany({
    where: { companyId },
    orderBy: [{ isDefault: 'desc' }, { createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, name: true, isDefault: true, createdAt: true, updatedAt: true },
  })
}

export async function getDashboard(companyId: number, id: string): Promise<DashboardView> {
  const d = await db.dashboard.findFirst({
    where: { companyId, id },
    include: { cards: { where: { companyId }, orderBy: [{ position: 'asc' }, { id: 'asc' }] } },
  })
  if (!d) throw notFound('This dashboard does not exist.')
  const { cards, ...rest } = d
  return {
    id: rest.id,
    name: rest.name,
    isDefault: rest.isDefault,
    createdAt: rest.createdAt,
    updatedAt: rest.updatedAt,
    cards: cards.map(cardView),
  }
}

async function insertDashboard(
  companyId: number,
  userId: number | null,
  name: string,
  isDefault: boolean,
  specs: CardSpec[],
  now: Date,
) {
  const id = ulid(now.getTime())
  await db.$transaction([
    db.dashboard.create({
      data: { id, companyId, name, isDefault, createdById: userId, createdAt: now, updatedAt: now },
    }),
    db.dashboardCard.createMany({
      data: specs.map((s, position) => ({
        id: ulid(now.getTime()),
        dashboardId: id,
        companyId,
        position,
        ...cardColumns(s),
      })),
    }),
  ])
  return id
}

/** The account's default dashboard, created with its cards on the first visit. */
export async function getDefaultDashboard(
  companyId: number,
  userId: number | null,
  now = new Date(),
): Promise<DashboardView> {
  const existing = await db.dashboard.findFirst({ where: { companyId, isDefault: true }, select: { id: true } })
  if (existing) return getDashboard(companyId, existing.id)
  const specs = DEFAULT_DASHBOARD_CARDS.map((c) => cardSpec.parse(c))
  await insertDashboard(companyId, userId, DEFAULT_DASHBOARD_NAME, true, specs, now)
  // Two first visits at once may both create one: keep the oldest, drop the other.
  const defaults = await db.dashboard.findMany({
    where: { companyId, isDefault: true },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true },
  })
  if (defaults.length > 1)
    await db.dashboard.deleteMany({ where: { companyId, id: { in: defaults.slice(1).map((d) => d.id) } } })
  return getDashboard(companyId, defaults[0]!.id)
}

export async function createDashboard(companyId: number, userId: number | null, input: unknown, now = new Date()) {
  const { name } = dashboardBody.parse(input)
  return getDashboard(companyId, await insertDashboard(companyId, userId, name, false, [], now))
}

export async function renameDashboard(companyId: number, id: string, input: unknown) {
  const { name } = dashboardBody.parse(input)
  const n = await db.dashboard.updateMany({ where: { companyId, id }, data: { name } })
  if (!n.count) throw notFound('This dashboard does not exist.')
  return getDashboard(companyId, id)
}

export async function deleteDashboard(companyId: number, id: string): Promise<void> {
  const n = await db.dashboard.deleteMany({ where: { companyId, id } })
  if (!n.count) throw notFound('This dashboard does not exist.')
}

export async function addCard(c: CardContext, dashboardId: string, input: unknown): Promise<DashboardCardView> {
  const spec = cardSpec.parse(input)
  await checkCardRefs(c, spec)
  const d = await getDashboard(c.companyId, dashboardId)
  const id = ulid(c.now.getTime())
  const row = await db.dashboardCard.create({
    data: { id, dashboardId: d.id, companyId: c.companyId, position: d.cards!.length, ...cardColumns(spec) },
  })
  return cardView(row)
}

export async function updateCard(c: CardContext, dashboardId: string, cardId: string, input: unknown) {
  const spec = cardSpec.parse(input)
  await checkCardRefs(c, spec)
  const n = await db.dashboardCard.updateMany({
    where: { companyId: c.companyId, dashboardId, id: cardId },
    data: cardColumns(spec),
  })
  if (!n.count) throw notFound('This card does not exist.')
  return cardView((await db.dashboardCard.findFirst({ where: { companyId: c.companyId, id: cardId } }))!)
}

export async function getCard(companyId: number, dashboardId: string, cardId: string): Promise<DashboardCardView> {
  const r = await db.dashboardCard.findFirst({ where: { companyId, dashboardId, id: cardId } })
  if (!r) throw notFound('This card does not exist.')
  return cardView(r)
}

export async function removeCard(companyId: number, dashboardId: string, cardId: string): Promise<void> {
  const n = await db.dashboardCard.deleteMany({ where: { companyId, dashboardId, id: cardId } })
  if (!n.count) throw notFound('This card does not exist.')
  const rest = (await getDashboard(companyId, dashboardId)).cards!.map((x) => x.id)
  // Close the gap so positions stay 0..n-1.
  if (rest.length) await reorderCards(companyId, dashboardId, { cardIds: rest })
}

/** Writes the whole order; the list must name every card of the dashboard once. */
export async function reorderCards(companyId: number, dashboardId: string, input: unknown): Promise<DashboardView> {
  const { cardIds } = cardOrderBody.parse(input)
  const d = await getDashboard(companyId, dashboardId)
  const current = new Set(d.cards!.map((x) => x.id))
  if (
    cardIds.length !== current.size ||
    new Set(cardIds).size !== cardIds.length ||
    !cardIds.every((x) => current.has(x))
  )
    throw badRequest('Name every card of the dashboard once.', { cardIds: ['Name every card of the dashboard once.'] })
  await db.$transaction(
    cardIds.map((id, position) =>
      db.dashboardCard.updateMany({ where: { companyId, dashboardId, id }, data: { position } }),
    ),
  )
  return getDashboard(companyId, dashboardId)
}
