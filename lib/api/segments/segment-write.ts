// POST /api/segments and PATCH /api/segments/{id}: the vendor's bodies, the definition
// translated from `condition_groups` and saved through the same createSegment / updateGroup as
// the segment builder (validation, references to the account's metrics and lists, recompute).
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { createSegment } from '@/lib/groups/create-segment'
import { findGroupRow } from '@/lib/groups/get-group'
import { SEGMENT } from '@/lib/groups/group-view'
import { updateGroup } from '@/lib/groups/update-group'
import { invalidateSegmentCache } from '@/lib/segments/active-segments'
import { apiNotFound, pointerBelow, type PointerFor } from '../api-error'
import { conditionGroupsToDefinition, conditionPointer } from './condition-groups-to-definition'

const name = z.string().trim().min(1, 'A segment name cannot be empty.').max(255)

export const createSegmentApiBody = z.object({
  data: z.object({
    type: z.literal('segment'),
    attributes: z.object({
      name,
      // Translated and checked by conditionGroupsToDefinition, which points at the condition.
      definition: z.unknown().refine((v) => v !== undefined, 'A definition is required.'),
      is_starred: z.boolean().nullable().optional(),
    }),
  }),
})

export const updateSegmentApiBody = z.object({
  data: z.object({
    type: z.literal('segment'),
    id: z.string().min(1),
    attributes: z.object({
      name: name.nullable().optional(),
      definition: z.unknown().optional(),
      is_starred: z.boolean().nullable().optional(),
      is_active: z.boolean().nullable().optional(),
    }),
  }),
})

const attributes = pointerBelow('/data/attributes')

/** Field errors of our definition point at the vendor condition they came from. */
export const segmentPointer: PointerFor = (field) =>
  field.startsWith('definition') ? conditionPointer(field) : attributes(field === 'isStarred' ? 'is_starred' : field)

export async function segmentOr404(companyId: number, id: string) {
  const g = await findGroupRow(companyId, id)
  if (!g || g.type !== SEGMENT) throw apiNotFound(`A segment with id ${id} was not found.`)
  return g
}

export async function createSegmentFromApi(
  companyId: number,
  a: z.infer<typeof createSegmentApiBody>['data']['attributes'],
) {
  const definition = conditionGroupsToDefinition(a.definition)
  const view = await createSegment(companyId, { name: a.name, definition })
  if (a.is_starred) await updateGroup(companyId, view.id, { isStarred: true })
  return segmentOr404(companyId, view.id)
}

export async function updateSegmentFromApi(
  companyId: number,
  id: string,
  a: z.infer<typeof updateSegmentApiBody>['data']['attributes'],
) {
  await segmentOr404(companyId, id)
  const definition = a.definition != null ? conditionGroupsToDefinition(a.definition) : undefined
  await updateGroup(companyId, id, {
    ...(a.name != null ? { name: a.name } : {}),
    ...(a.is_starred != null ? { isStarred: a.is_starred } : {}),
    ...(definition ? { definition } : {}),
  })
  if (a.is_active != null) {
    // An inactive segment is no longer evaluated (lib/segments/jobs.ts, active-segments.ts).
    await db.group.updateMany({
      where: { companyId, id, type: SEGMENT, deletedAt: null },
      data: { isActive: a.is_active },
    })
    invalidateSegmentCache(companyId)
  }
  return segmentOr404(companyId, id)
}
