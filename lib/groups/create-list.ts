// Creates a list (a static group).
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { shortId } from '@/lib/ids/make-id'
import { groupView, LIST, type GroupView } from './group-view'

export const groupName = z.string().trim().min(1, 'Enter a name.').max(255)
export const groupTags = z.array(z.string().trim().min(1).max(50)).max(50)
export const optInProcess = z.enum(['single_opt_in', 'double_opt_in'])

export const createListBody = z.object({
  name: groupName,
  optInProcess: optInProcess.optional(),
  tags: groupTags.optional(),
})
export type CreateListInput = z.infer<typeof createListBody>

export async function createList(companyId: number, input: CreateListInput): Promise<GroupView> {
  const data = createListBody.parse(input)
  const g = await db.group.create({
    data: {
      id: shortId(6),
      companyId,
      name: data.name,
      type: LIST,
      optInProcess: data.optInProcess ?? 'single_opt_in',
      tags: JSON.stringify(data.tags ?? []),
    },
  })
  return groupView(g)
}
