// Flows kept their free-text tags (FlowTag, issue 9: the flows list filters and the details
// dialog read them). Linking a tag to a flow here writes the FlowTag row with the tag's name
// too, renaming and deleting follow, and reads take the union, so both views agree.
import type { Prisma } from '@/generated/prisma/client'
import { db } from '@/lib/db/client'

type Tx = Prisma.TransactionClient | typeof db

export async function linkFlowTags(tx: Tx, companyId: number, flowIds: string[], name: string): Promise<void> {
  if (!flowIds.length) return
  const have = await tx.flowTag.findMany({ where: { companyId, tag: name, flowId: { in: flowIds } } })
  const missing = flowIds.filter((id) => !have.some((h) => h.flowId === id))
  if (missing.length) await tx.flowTag.createMany({ data: missing.map((flowId) => ({ companyId, flowId, tag: name })) })
}

export async function unlinkFlowTags(tx: Tx, companyId: number, flowIds: string[], name: string): Promise<void> {
  if (flowIds.length) await tx.flowTag.deleteMany({ where: { companyId, tag: name, flowId: { in: flowIds } } })
}

export async function unlinkFlowTagsByName(tx: Tx, companyId: number, names: string[]): Promise<void> {
  if (names.length) await tx.flowTag.deleteMany({ where: { companyId, tag: { in: names } } })
}

export async function renameFlowTags(tx: Tx, companyId: number, from: string, to: string): Promise<void> {
  if (from === to) return
  const rows = await tx.flowTag.findMany({ where: { companyId, tag: from } })
  if (!rows.length) return
  const clash = await tx.flowTag.findMany({ where: { companyId, tag: to, flowId: { in: rows.map((r) => r.flowId) } } })
  await tx.flowTag.deleteMany({ where: { companyId, tag: from } })
  const keep = rows.filter((r) => !clash.some((c) => c.flowId === r.flowId))
  if (keep.length) await tx.flowTag.createMany({ data: keep.map((r) => ({ companyId, flowId: r.flowId, tag: to })) })
}
