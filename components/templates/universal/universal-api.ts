// Saved content (universal content) for its editor and the content library: one block with the
// templates that use it, saved (the templates are updated), and the list with usage counts.
import { http } from '@/lib/client/http'
import type { LeafBlock } from '@/lib/templates/block-definition'
import type { UniversalItem } from '../api'

export interface TemplateUse {
  id: string
  name: string
  updated: string
}
export type UniversalWithUsage = UniversalItem & { usedIn: number }

const raw = { transformKeys: false } as const
const base = '/ajax/email-templates/universal-content'
const one = (id: string) => `${base}/${encodeURIComponent(id)}`

export const universalApi = {
  get: (id: string) => http.get<{ item: UniversalItem; usedIn: TemplateUse[] }>(one(id), raw).then((r) => r.data),
  save: (id: string, body: { name?: string; block?: LeafBlock }) =>
    http
      .put<{ item: UniversalItem; usedIn: TemplateUse[]; updatedTemplates: number }>(one(id), body, raw)
      .then((r) => r.data),
  listWithUsage: () =>
    http.get<{ items: UniversalWithUsage[] }>(base, { ...raw, params: { usage: '1' } }).then((r) => r.data.items),
  create: (name: string, block: LeafBlock) =>
    http.post<{ item: UniversalItem }>(base, { name, block }, raw).then((r) => r.data.item),
}

/** The editor's path of a saved block: /email-template-editor/universal-content/{type}/{id}. */
export const universalEditorHref = (item: { id: string; type: string }) =>
  `/email-template-editor/universal-content/${encodeURIComponent(item.type)}/${encodeURIComponent(item.id)}`
