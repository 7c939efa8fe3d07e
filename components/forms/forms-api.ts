// The merchant calls the forms screens make (F1's /ajax/forms endpoints, lib/forms/README.md).
// Definitions travel as the vendor's snake_case JSON: those calls skip key transformation.
import { http } from '@/lib/client/http'
import type { FormDefinition } from './definition-types'
import type { FormDetail, FormListPage, FormTemplate, FormVersionDetail, ScheduleValue } from './forms-types'
import type { PointerError } from './editor/pointer-errors'

const enc = encodeURIComponent
const raw = { transformKeys: false } as const

export interface ListFormsParams {
  page: number
  pageSize: number
  status?: string
  type?: string
  search?: string
  /** '-updated' (newest first, the default) or 'updated'. */
  sort?: string
}

type Raw = { form: FormDetail }

export const formsApi = {
  list: (params: ListFormsParams) =>
    http.get<FormListPage>('/ajax/forms', { params: { ...params } }).then((r) => r.data),
  get: (formId: string) => http.get<Raw>(`/ajax/forms/${enc(formId)}`, raw).then((r) => r.data.form),
  create: (body: { name: string; templateKey: string; listId?: string | null }) =>
    http.post<Raw>('/ajax/forms', { ...body, listId: body.listId || undefined }, raw).then((r) => r.data.form),
  saveVersion: (formId: string, versionId: number | string, definition: FormDefinition) =>
    http
      .put<Raw>(`/ajax/forms/${enc(formId)}/versions/${enc(String(versionId))}`, { definition }, raw)
      .then((r) => r.data.form),
  /** A new draft variation copied from a version; the answer's newest version is the copy. */
  addVariation: (formId: string, fromVersionId: number | string) =>
    http
      .post<Raw>(`/ajax/forms/${enc(formId)}/versions`, { fromVersionId: Number(fromVersionId) }, raw)
      .then((r) => r.data.form),
  rename: (formId: string, name: string) =>
    http.post<Raw>(`/ajax/forms/${enc(formId)}/rename`, { name }, raw).then((r) => r.data.form),
  publish: (formId: string, versionId: number | string) =>
    http
      .post<Raw>(`/ajax/forms/${enc(formId)}/publish`, { versionId: Number(versionId) }, raw)
      .then((r) => r.data.form),
  unpublish: (formId: string) =>
    http.post<Raw>(`/ajax/forms/${enc(formId)}/unpublish`, {}, raw).then((r) => r.data.form),
  /** Both moments null clears the schedule. */
  schedule: (formId: string, versionId: number | string | null, schedule: ScheduleValue) =>
    http
      .post<Raw>(
        `/ajax/forms/${enc(formId)}/schedule`,
        { ...(versionId !== null ? { versionId: Number(versionId) } : {}), ...schedule },
        raw,
      )
      .then((r) => r.data.form),
  remove: (formId: string) => http.delete(`/ajax/forms/${enc(formId)}`),
  clone: (formId: string, name: string) =>
    http.post<Raw>(`/ajax/forms/${enc(formId)}/clone`, { name }, raw).then((r) => r.data.form),
  templates: () => http.get<{ templates: FormTemplate[] }>('/ajax/forms/templates').then((r) => r.data.templates),
  previewToken: (formId: string, versionId: number | string) =>
    http
      .post<{ token: string }>('/ajax/forms-preview-token', { formId, versionId: Number(versionId) })
      .then((r) => r.data.token),
}

/** The version a screen shows: its definition as the vendor's JSON (a string is parsed). */
export function versionOf(form: FormDetail, versionId: number | string): FormVersionDetail | null {
  const v = form.versions.find((x) => String(x.id) === String(versionId))
  if (!v) return null
  return { ...v, definition: typeof v.definition === 'string' ? JSON.parse(v.definition) : v.definition }
}

/**
 * The JSON-pointer errors of a refused save: the 400's fieldErrors keyed by pointer
 * ({"/steps": ["A form needs at least one step."]}), also when keyed under "definition".
 */
export function pointerErrors(e: unknown): PointerError[] {
  const data = (e as { data?: unknown })?.data as
    { fieldErrors?: Record<string, unknown>; errors?: unknown } | undefined
  const out: PointerError[] = []
  for (const [key, value] of Object.entries(data?.fieldErrors ?? {})) {
    const pointer = key.startsWith('/')
      ? key
      : key === 'definition'
        ? ''
        : key.startsWith('definition')
          ? key.slice('definition'.length).replace(/^[./]/, '/').replace(/\./g, '/')
          : null
    if (pointer === null) continue
    const message = Array.isArray(value) ? String(value[0] ?? '') : String(value ?? '')
    out.push({ pointer: pointer.replace(/^\/definition(?=\/|$)/, ''), message })
  }
  return out
}
