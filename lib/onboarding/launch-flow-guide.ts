// /get-started/ac-flow/launch and ws-flow/launch: the abandoned-cart or welcome-series flow made
// from its template and set live, once per account. A GuideLaunch row (unique per company and
// guide) is claimed before the flow is made, so a double click or a second visit opens the flow
// the first one made instead of making another; a claim whose flow was deleted is made again.
import { db } from '@/lib/db/client'
import { AppError } from '@/lib/errors/app-error'
import { createFlowFromTemplate, type FlowTemplateKey } from '@/lib/flows/templates'
import { FLOW_STATUS } from '@/lib/flows/store'
import { updateFlowDetails } from '@/lib/flows/ajax/flows-details'

export const FLOW_GUIDES = { 'ac-flow': 'checkout_abandonment', 'ws-flow': 'welcome_series' } as const
export type FlowGuide = keyof typeof FLOW_GUIDES
export const isFlowGuide = (g: string): g is FlowGuide => g in FLOW_GUIDES

/** A claim older than this without its flow is from a request that died half-way. */
const STALE_CLAIM_MS = 2 * 60 * 1000

export interface FlowLaunch {
  flowId: string
  created: boolean
  live: boolean
  href: string
  /** Why the flow could not be turned on (it stays a draft for the merchant to finish). */
  problem: string | null
}

const view = (flowId: string, created: boolean, live: boolean, problem: string | null = null): FlowLaunch => ({
  flowId,
  created,
  live,
  href: `/flow/${flowId}/edit`,
  problem,
})

async function existingLaunch(companyId: number, guide: FlowGuide, now: Date): Promise<FlowLaunch | 'free'> {
  const claim = await db.guideLaunch.findUnique({ where: { companyId_guide: { companyId, guide } } })
  if (!claim) return 'free'
  if (claim.targetId) {
    const flow = await db.flow.findFirst({
      where: { companyId, id: claim.targetId },
      select: { id: true, status: true, archived: true },
    })
    if (flow && !flow.archived) return view(flow.id, false, flow.status === FLOW_STATUS.live)
  } else if (now.getTime() - claim.createdAt.getTime() < STALE_CLAIM_MS) {
    throw new AppError('conflict', 409, 'The flow is being made. Please wait a moment.')
  }
  await db.guideLaunch.deleteMany({ where: { id: claim.id, companyId } })
  return 'free'
}

/** What the guide made before, without making anything (the launch page's first look). */
export async function findFlowLaunch(companyId: number, guide: FlowGuide): Promise<FlowLaunch | null> {
  const claim = await db.guideLaunch.findUnique({ where: { companyId_guide: { companyId, guide } } })
  if (!claim?.targetId) return null
  const flow = await db.flow.findFirst({
    where: { companyId, id: claim.targetId, archived: false },
    select: { id: true, status: true },
  })
  return flow ? view(flow.id, false, flow.status === FLOW_STATUS.live) : null
}

export async function launchFlowGuide(companyId: number, userId: number, guide: FlowGuide, now = new Date()) {
  const found = await existingLaunch(companyId, guide, now)
  if (found !== 'free') return found
  let claimId: number
  try {
    claimId = (await db.guideLaunch.create({ data: { companyId, guide } })).id
  } catch (e) {
    if ((e as { code?: string }).code !== 'P2002') throw e
    // Another request claimed it between our read and our write: answer with what it made.
    const other = await existingLaunch(companyId, guide, now)
    if (other === 'free') throw new AppError('conflict', 409, 'The flow is being made. Please wait a moment.')
    return other
  }
  let flowId: string
  try {
    flowId = await createFlowFromTemplate(companyId, FLOW_GUIDES[guide] as FlowTemplateKey)
  } catch (e) {
    await db.guideLaunch.deleteMany({ where: { id: claimId, companyId } })
    throw e
  }
  await db.guideLaunch.updateMany({ where: { id: claimId, companyId }, data: { targetId: flowId } })
  try {
    await updateFlowDetails(companyId, userId, flowId, {
      status: String(FLOW_STATUS.live) as '2',
      setActionStatuses: true,
    })
    return view(flowId, true, true)
  } catch (e) {
    if (e instanceof AppError && e.status === 400) return view(flowId, true, false, e.message)
    throw e
  }
}
