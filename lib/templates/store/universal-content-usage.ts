// Where saved content is used. A block inserted from saved content keeps the saved block's id
// (`universalId`) in the template's definition; saving the saved block writes its new content
// into every such block and compiles those templates again, so their sends (which only render
// the compiled HTML) carry the change without a lookup per send.
import { db } from '@/lib/db/client'
import { containsText } from '@/lib/db/dialect'
import type { Block, BlockDefinition, LeafBlock } from '@/lib/templates/block-definition'
import { updateTemplate } from './save-template'

type Linked = LeafBlock & { universalId?: string }

export interface TemplateUse {
  id: string
  name: string
  updated: string
}

const marker = (id: string) => `"universalId":"${id}"`

function parse(definition: string | null): BlockDefinition | null {
  try {
    const d = definition ? (JSON.parse(definition) as BlockDefinition) : null
    return d && Array.isArray(d.body) ? d : null
  } catch {
    return null
  }
}

function linkedIds(def: BlockDefinition): string[] {
  const ids: string[] = []
  const visit = (b: Block | LeafBlock) => {
    if (b.type === 'columns') b.columns.forEach((c) => c.blocks.forEach(visit))
    else if ((b as Linked).universalId) ids.push((b as Linked).universalId!)
  }
  def.body.forEach(visit)
  return ids
}

/** The templates of the company with a block linked to saved content `id`. */
export async function templatesUsing(companyId: number, id: string): Promise<TemplateUse[]> {
  const rows = await db.template.findMany({
    where: { companyId, editorType: 'SYSTEM_DRAGGABLE', definition: containsText(marker(id)) },
    select: { id: true, name: true, definition: true, updatedAt: true },
    orderBy: { updatedAt: 'desc' },
    take: 500,
  })
  return rows
    .filter((r) => linkedIds(parse(r.definition) ?? ({ body: [] } as unknown as BlockDefinition)).includes(id))
    .map((r) => ({ id: r.id, name: r.name, updated: r.updatedAt.toISOString() }))
}

/** How many templates use each saved block of the company (one read of the linked templates). */
export async function usageCounts(companyId: number): Promise<Record<string, number>> {
  const rows = await db.template.findMany({
    where: { companyId, editorType: 'SYSTEM_DRAGGABLE', definition: containsText('"universalId":"') },
    select: { definition: true },
  })
  const counts: Record<string, number> = {}
  for (const r of rows) {
    const def = parse(r.definition)
    for (const id of new Set(def ? linkedIds(def) : [])) counts[id] = (counts[id] ?? 0) + 1
  }
  return counts
}

/** Writes the saved block's content into every linked block; returns the templates changed. */
export async function propagateUniversalContent(companyId: number, id: string, block: LeafBlock): Promise<number> {
  const uses = await templatesUsing(companyId, id)
  for (const use of uses) {
    const t = await db.template.findFirst({ where: { id: use.id, companyId }, select: { definition: true } })
    const def = parse(t?.definition ?? null)
    if (!def) continue
    const swap = (b: LeafBlock): LeafBlock =>
      (b as Linked).universalId === id ? ({ ...block, universalId: id } as unknown as LeafBlock) : b
    def.body = def.body.map((b) =>
      b.type === 'columns' ? { ...b, columns: b.columns.map((c) => ({ blocks: c.blocks.map(swap) })) } : swap(b),
    )
    await updateTemplate(companyId, use.id, { definition: def })
  }
  return uses.length
}
