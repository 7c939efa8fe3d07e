// The list settings screen: name and opt-in process (single or double opt-in).
import { z } from 'zod'
import { groupName, optInProcess } from './create-list'
import { getGroupRow } from './get-group'
import { LIST } from './group-view'
import { updateGroup } from './update-group'

export const listSettingsBody = z.object({ name: groupName.optional(), optInProcess: optInProcess.optional() })

export interface ListSettings {
  id: string
  name: string
  optInProcess: string
}

export async function getListSettings(companyId: number, listId: string): Promise<ListSettings> {
  const g = await getGroupRow(companyId, listId, LIST)
  return { id: g.id, name: g.name, optInProcess: g.optInProcess }
}

export async function updateListSettings(
  companyId: number,
  listId: string,
  input: z.input<typeof listSettingsBody>,
): Promise<ListSettings> {
  const body = listSettingsBody.parse(input)
  await getGroupRow(companyId, listId, LIST)
  const g = await updateGroup(companyId, listId, body)
  return { id: g.id, name: g.name, optInProcess: g.optInProcess }
}
