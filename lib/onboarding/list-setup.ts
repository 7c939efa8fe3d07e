// /get-started/list-setup: the account's first list, made with the opt-in process chosen here
// (confirm/{listId} shows it, opt-in-setting/{listId} changes it, next-actions/{listId} points to
// the form, the import and the welcome series that fill and use it). Lists through lib/groups.
import { z } from 'zod'
import { createList, groupName, optInProcess } from '@/lib/groups/create-list'
import { getListSettings, updateListSettings } from '@/lib/groups/list-settings'
import { countMembers } from '@/lib/groups/list-membership'

export const guideListBody = z.object({
  name: groupName,
  optInProcess: optInProcess.default('single_opt_in'),
})
export const guideOptInBody = z.object({
  optInProcess: z.enum(['single_opt_in', 'double_opt_in'], 'Choose single or double opt-in.'),
})

export async function createGuideList(companyId: number, input: z.infer<typeof guideListBody>) {
  const list = await createList(companyId, { name: input.name, optInProcess: input.optInProcess })
  return getGuideList(companyId, list.id)
}

export async function getGuideList(companyId: number, listId: string) {
  const settings = await getListSettings(companyId, listId)
  return { ...settings, members: await countMembers(companyId, listId) }
}

export async function setGuideListOptIn(companyId: number, listId: string, input: z.infer<typeof guideOptInBody>) {
  await updateListSettings(companyId, listId, { optInProcess: input.optInProcess })
  return getGuideList(companyId, listId)
}
