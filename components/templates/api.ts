// The browser side of the /ajax/email-templates contract (lib/templates/store/ajax-contract.md)
// and of /ajax/messages. Keys go out as written (the server accepts camelCase) so a block
// definition reaches the server exactly as the editor holds it.
import { http, isHttpError } from '@/lib/client/http'
import type { BlockDefinition, LeafBlock } from '@/lib/templates/block-definition'

export type EditorType = 'CODE' | 'USER_DRAGGABLE' | 'SYSTEM_DRAGGABLE'

export interface TemplateIssue {
  message: string
  line?: number
  column?: number
  path?: string
}

export interface TemplateSummary {
  id: string
  name: string
  editorType: EditorType
  isTransactional: boolean
  created: string
  updated: string
}

export interface TemplateDetail extends TemplateSummary {
  html: string
  text: string | null
  definition: BlockDefinition | null
  compiledHtml: string
  compiledText: string
  amp: string | null
  usesEvent: boolean
  warnings: TemplateIssue[]
}

export interface TemplatePage {
  templates: TemplateSummary[]
  total: number
  page: number
  pageSize: number
}
export interface LayoutInfo {
  id: string
  name: string
  description: string
  editorType: EditorType
}
export interface UniversalItem {
  id: string
  name: string
  type: string
  created: string
  updated: string
  block: LeafBlock | null
}
export interface PreviewProfile {
  id: string
  email: string
  firstName: string | null
  lastName: string | null
}
export interface PreviewEvent {
  id: string
  metric: string
  datetime: string
}
export interface PreviewResult {
  html: string
  text: string
  subject: string | null
  profile: { id: string | null; email: string; firstName: string | null; lastName: string | null; sample: boolean }
  event: PreviewEvent | null
  usesEvent: boolean
}

/** An image of the editor's library (GET /ajax/email-templates/images). */
export interface LibraryImage {
  id: string
  name: string
  url: string
  width: number | null
  height: number | null
}
/** A catalog item as /ajax/catalog-new/items answers it (the fields the product picker reads). */
export interface CatalogPick {
  id: string
  external_id: string
  title: string
  price: number | null
  url: string | null
  image_url: string | null
  image_full_url: string | null
}

const raw = { transformKeys: false } as const
const base = '/ajax/email-templates'
const one = (id: string) => `${base}/${encodeURIComponent(id)}`

export const templatesApi = {
  list: (params: { search?: string; sort?: string; page?: number; page_size?: number }) =>
    http.get<TemplatePage>(base, { ...raw, params }).then((r) => r.data),
  layouts: () => http.get<{ layouts: LayoutInfo[] }>(`${base}/layouts`, raw).then((r) => r.data.layouts),
  universal: (search?: string) =>
    http
      .get<{ items: UniversalItem[] }>(`${base}/universal-content`, { ...raw, params: { search } })
      .then((r) => r.data.items),
  saveUniversal: (name: string, block: LeafBlock) =>
    http.post<{ item: UniversalItem }>(`${base}/universal-content`, { name, block }, raw).then((r) => r.data.item),
  renameUniversal: (id: string, name: string) =>
    http
      .patch<{ item: UniversalItem }>(`${base}/universal-content/${encodeURIComponent(id)}`, { name }, raw)
      .then((r) => r.data.item),
  removeUniversal: (id: string) => http.delete(`${base}/universal-content/${encodeURIComponent(id)}`, raw),
  get: (id: string) => http.get<{ template: TemplateDetail }>(one(id), raw).then((r) => r.data.template),
  create: (body: Record<string, unknown> | FormData) =>
    http.post<{ template: TemplateDetail }>(base, body, raw).then((r) => r.data.template),
  save: (
    id: string,
    body: {
      name?: string
      html?: string
      text?: string | null
      definition?: BlockDefinition
      amp?: string | null
      is_transactional?: boolean
    },
  ) => http.put<{ template: TemplateDetail }>(one(id), body, raw).then((r) => r.data.template),
  remove: (id: string) => http.delete(one(id), raw),
  clone: (id: string, name?: string) =>
    http.post<{ template: TemplateDetail }>(`${one(id)}/clone`, name ? { name } : {}, raw).then((r) => r.data.template),
  rename: (id: string, name: string) =>
    http.post<{ template: TemplateSummary }>(`${one(id)}/rename`, { name }, raw).then((r) => r.data.template),
  preview: (
    id: string,
    body: { profile_id?: string; event_id?: string; html?: string; text?: string | null; definition?: BlockDefinition },
  ) => http.post<PreviewResult>(`${one(id)}/preview`, body, raw).then((r) => r.data),
  previewProfiles: (id: string, search: string) =>
    http
      .get<{ profiles: PreviewProfile[] }>(`${one(id)}/preview-profiles`, { ...raw, params: { search } })
      .then((r) => r.data.profiles),
  previewEvents: (id: string, profileId: string) =>
    http
      .get<{ events: PreviewEvent[] }>(`${one(id)}/preview-events`, { ...raw, params: { profile_id: profileId } })
      .then((r) => r.data.events),
  images: (search?: string) =>
    http
      .get<{ images: LibraryImage[]; total: number }>(`${base}/images`, {
        ...raw,
        params: { search: search || undefined },
      })
      .then((r) => r.data.images),
  uploadImage: (file: File) => {
    const form = new FormData()
    form.append('file', file)
    form.append('name', file.name)
    return http.post<{ image: LibraryImage }>(`${base}/images`, form, raw).then((r) => r.data.image)
  },
  catalogItems: (q: string) =>
    http
      .get<{ items: CatalogPick[] }>('/ajax/catalog-new/items', {
        ...raw,
        params: { q: q || undefined, numPerPage: 12, published: 'true' },
      })
      .then((r) => r.data.items),
  sendPreview: (id: string, body: { email: string; profile_id?: string; event_id?: string; subject?: string }) =>
    http.post<{ sendId: string; status: string; to: string }>(`${one(id)}/send-preview`, body, raw).then((r) => r.data),
}

/** The syntax and validation problems of a 400 answer (template_invalid or invalid), else null. */
export function issuesOf(e: unknown): TemplateIssue[] | null {
  if (!isHttpError(e) || e.status !== 400 || !e.data || typeof e.data !== 'object') return null
  const data = e.data as { issues?: TemplateIssue[]; fieldErrors?: Record<string, string[]>; message?: string }
  if (Array.isArray(data.issues) && data.issues.length) return data.issues
  if (data.fieldErrors)
    return Object.entries(data.fieldErrors).flatMap(([path, msgs]) => msgs.map((message) => ({ message, path })))
  return data.message ? [{ message: data.message }] : null
}

/** One line per issue: "Line 3, column 7: Unexpected tag" / "definition.body.2.href: Use an http(s) link". */
export function issueText(issue: TemplateIssue, at: (line: number, column: number) => string): string {
  if (issue.line) return `${at(issue.line, issue.column ?? 1)}: ${issue.message}`
  return issue.path ? `${issue.path}: ${issue.message}` : issue.message
}
