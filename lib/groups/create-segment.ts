// Creates a segment: the definition is validated (shape and references), stored, and the
// first computation of its members is handed to the job queue.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { shortId } from '@/lib/ids/make-id'
import { isTimeRelative } from '@/lib/segments/definition'
import { parseDefinitionOrThrow } from '@/lib/segments/validate-definition-refs'
import { scheduleRecompute } from '@/lib/segments/schedule-recompute'
import { groupName, groupTags } from './create-list'
import { groupView, SEGMENT, type GroupView } from './group-view'

export const createSegmentBody = z.object({
  name: groupName,
  // Checked in full by parseDefinitionOrThrow, which keys its errors by the field path.
  definition: z.unknown(),
  tags: groupTags.optional(),
})
export type CreateSegmentInput = z.infer<typeof createSegmentBody>

export async function createSegment(companyId: number, input: CreateSegmentInput): Promise<GroupView> {
  const data = createSegmentBody.parse(input)
  const definition = await parseDefinitionOrThrow(companyId, data.definition)
  const g = await db.group.create({
    data: {
      id: shortId(6),
      companyId,
      name: data.name,
      type: SEGMENT,
      definition: JSON.stringify(definition),
      tags: JSON.stringify(data.tags ?? []),
      isProcessing: true,
      processingPercent: 0,
    },
  })
  try {
    await scheduleRecompute(companyId, g.id, { timeRelative: isTimeRelative(definition) })
  } catch (e) {
    // A segment whose first computation was never queued would stay "processing" forever.
    await db.group.delete({ where: { id: g.id } }).catch(() => {})
    throw e
  }
  return groupView(g)
}
