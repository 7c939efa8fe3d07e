// The /templates screen's list: search by name, editor type, sort and page numbers (query keys
// as the contract spells them: editor_type, page_size).
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { EDITOR_TYPES, templateSummary } from './template-view'
import { containsText } from '@/lib/db/dialect'

export const listTemplatesQuery = z.object({
  search: z.string().trim().max(255).optional(),
  editor_type: z.enum(EDITOR_TYPES).optional(),
  sort: z.enum(['name', '-name', 'created', '-created', 'updated', '-updated']).default('-updated'),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
})
export type ListTemplatesQuery = z.infer<typeof listTemplatesQuery>

const COLUMN = { name: 'name', created: 'createdAt', updated: 'updatedAt' } as const

export async function listTemplates(companyId: number, q: ListTemplatesQuery) {
  const where = {
    companyId,
    archived: false,
    ...(q.search ? { name: containsText(q.search) } : {}),
    ...(q.editor_type ? { editorType: q.editor_type } : {}),
  }
  const dir = q.sort.startsWith('-') ? 'desc' : 'asc'
  const column = COLUMN[q.sort.replace(/^-/, '') as keyof typeof COLUMN]
  const [rows, total] = await Promise.all([
    db.template.findMany({
      where,
      orderBy: [{ [column]: dir }, { id: dir }],
      skip: (q.page - 1) * q.page_size,
      take: q.page_size,
    }),
    db.template.count({ where }),
  ])
  return { templates: rows.map(templateSummary), total, page: q.page, pageSize: q.page_size }
}
