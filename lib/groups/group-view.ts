// What the ajax layer and the screens see of a group (list or segment).
import type { Group } from '@/generated/prisma/client'
import type { SegmentDefinition } from '@/lib/segments/definition'

export const LIST = 0
export const SEGMENT = 1

export interface GroupView {
  id: string
  name: string
  /** 0 list (static), 1 segment (dynamic). */
  type: number
  memberCount: number
  isStarred: boolean
  tags: string[]
  optInProcess: string
  isProcessing: boolean
  processingPercent: number
  definition: SegmentDefinition | null
  createdAt: string
  updatedAt: string
}

function parse<T>(text: string | null, fallback: T): T {
  if (!text) return fallback
  try {
    return JSON.parse(text) as T
  } catch {
    return fallback
  }
}

export function groupView(g: Group): GroupView {
  return {
    id: g.id,
    name: g.name,
    type: g.type,
    memberCount: g.memberCount,
    isStarred: g.isStarred,
    tags: parse<string[]>(g.tags, []),
    optInProcess: g.optInProcess,
    isProcessing: g.isProcessing,
    processingPercent: g.processingPercent,
    definition: g.type === SEGMENT ? parse<SegmentDefinition | null>(g.definition, null) : null,
    createdAt: g.createdAt.toISOString(),
    updatedAt: g.updatedAt.toISOString(),
  }
}
