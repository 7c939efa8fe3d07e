// Cloning a list or segment into a new group (/list/{id}/clone/{slug}): a list's settings and
// tags, a segment's conditions (its members follow from them). A list's members are copied only
// when asked, through the merge path, so the copy keeps the same consent and source rules.
import { z } from 'zod'
import { createList, groupName } from './create-list'
import { createSegment } from './create-segment'
import { getGroupRow } from './get-group'
import { LIST, type GroupView } from './group-view'
import { mergeLists } from './merge-lists'

export const cloneGroupBody = z.object({
  name: groupName,
  copyMembers: z.boolean().optional(),
})
export type CloneGroupInput = z.infer<typeof cloneGroupBody>

function tagsOf(text: string): string[] {
  try {
    const t = JSON.parse(text) as unknown
    return Array.isArray(t) ? t.filter((x): x is string => typeof x === 'string') : []
  } catch {
    return []
  }
}

export async function cloneGroup(
  companyId: number,
  sourceId: string,
  input: CloneGroupInput,
): Promise<{ group: GroupView; copiedMembers: number }> {
  const source = await getGroupRow(companyId, sourceId)
  const tags = tagsOf(source.tags)
  if (source.type !== LIST) {
    const group = await createSegment(companyId, {
      name: input.name,
      definition: source.definition ? (JSON.parse(source.definition) as unknown) : null,
      tags,
    })
    return { group, copiedMembers: 0 }
  }
  const group = await createList(companyId, {
    name: input.name,
    optInProcess: source.optInProcess === 'double_opt_in' ? 'double_opt_in' : 'single_opt_in',
    tags,
  })
  if (!input.copyMembers) return { group, copiedMembers: 0 }
  const task = await mergeLists(companyId, group.id, source.id)
  return { group: { ...group, memberCount: task.addedCount }, copiedMembers: task.addedCount }
}
