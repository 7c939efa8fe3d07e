// Renames, stars, tags or (for a segment) redefines a group. A new definition recomputes the
// members in the background; an unchanged one leaves the membership alone.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import { isTimeRelative } from '@/lib/segments/definition'
import { parseDefinitionOrThrow } from '@/lib/segments/validate-definition-refs'
import { scheduleRecompute } from '@/lib/segments/schedule-recompute'
import { groupName, groupTags, optInProcess } from './create-list'
import { getGroupRow } from './get-group'
import { groupView, LIST, SEGMENT, type GroupView } from './group-view'

export const updateGroupBody = z.object({
  name: groupName.optional(),
  isStarred: z.boolean().optional(),
  tags: groupTags.optional(),
  optInProcess: optInProcess.optional(),
  definition: z.unknown().optional(),
})
export type UpdateGroupInput = z.infer<typeof updateGroupBody>

export async function updateGroup(companyId: number, id: string, patch: UpdateGroupInput): Promise<GroupView> {
  const p = updateGroupBody.parse(patch)
  const g = await getGroupRow(companyId, id)
  if (p.definition !== undefined && g.type !== SEGMENT)
    throw badRequest('Only a segment has a definition.', { definition: ['Only a segment has a definition.'] })
  if (p.optInProcess !== undefined && g.type !== LIST)
    throw badRequest('Only a list has an opt-in process.', { optInProcess: ['Only a list has an opt-in process.'] })
  const definition = p.definition !== undefined ? await parseDefinitionOrThrow(companyId, p.definition) : undefined
  const definitionText = definition ? JSON.stringify(definition) : undefined
  const redefine = definitionText !== undefined && definitionText !== g.definition
  const updated = await db.group.update({
    where: { id: g.id },
    data: {
      ...(p.name !== undefined ? { name: p.name } : {}),
      ...(p.isStarred !== undefined ? { isStarred: p.isStarred } : {}),
      ...(p.tags !== undefined ? { tags: JSON.stringify(p.tags) } : {}),
      ...(p.optInProcess !== undefined ? { optInProcess: p.optInProcess } : {}),
      ...(redefine ? { definition: definitionText, isProcessing: true, processingPercent: 0 } : {}),
    },
  })
  if (redefine) {
    try {
      await scheduleRecompute(companyId, g.id, { timeRelative: isTimeRelative(definition!) })
    } catch (e) {
      // Without its recompute the new definition would show "processing" forever: put the old one back.
      await db.group.update({
        where: { id: g.id },
        data: { definition: g.definition, isProcessing: g.isProcessing, processingPercent: g.processingPercent },
      })
      throw e
    }
  }
  return groupView(updated)
}
