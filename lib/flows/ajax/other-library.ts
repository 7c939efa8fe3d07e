// Flow library items (seed 002 §7.7): the seven flow templates of seed 002 §3.2 as library items
// (GET), and POST to add one to the company as a draft flow.
import { z } from 'zod'
import { badRequest } from '@/lib/errors/app-error'
import { createFlowFromTemplate, templateSummaries } from '@/lib/flows/templates'
import { isFlowTemplateKey } from '@/lib/flows/templates/template-types'

export const libraryQuery = z.object({ search: z.string().max(100).optional() })
export const libraryBody = z.object({
  key: z.string().min(1, 'key is required.').max(64),
  name: z.string().trim().min(1).max(255).optional(),
})

export function libraryItems(search?: string) {
  const s = search?.trim().toLowerCase()
  const items = templateSummaries()
    .map((t) => ({
      id: t.key,
      key: t.key,
      name: t.name,
      type: 'flow',
      messageCount: t.messageCount,
      steps: t.steps,
      channels: ['email'],
    }))
    .filter((t) => !s || t.name.toLowerCase().includes(s) || t.key.includes(s))
  return { items, totalCount: items.length }
}

export async function addLibraryItem(companyId: number, key: string, name?: string) {
  if (!isFlowTemplateKey(key))
    throw badRequest(`Unknown library item ${key}.`, { key: [`Unknown library item ${key}.`] })
  const flowId = await createFlowFromTemplate(companyId, key, name ? { name } : {})
  return { flowId, key }
}
