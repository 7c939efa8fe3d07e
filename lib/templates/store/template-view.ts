// A stored template as the screens see it (camelCase, lib/templates/store/ajax-contract.md).
import type { Template } from '@/generated/prisma/client'
import type { TemplateIssue } from '@/lib/templates/template-types'

export const EDITOR_TYPES = ['CODE', 'USER_DRAGGABLE', 'SYSTEM_DRAGGABLE'] as const
export type EditorType = (typeof EDITOR_TYPES)[number]

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
  definition: unknown
  compiledHtml: string
  compiledText: string
  amp: string | null
  usesEvent: boolean
  warnings: TemplateIssue[]
}

function parseJson<T>(raw: string | null, fallback: T): T {
  if (!raw) return fallback
  try {
    return JSON.parse(raw) as T
  } catch {
    return fallback
  }
}

export function templateSummary(t: Template): TemplateSummary {
  return {
    id: t.id,
    name: t.name,
    editorType: t.editorType as EditorType,
    isTransactional: t.isTransactional,
    created: t.createdAt.toISOString(),
    updated: t.updatedAt.toISOString(),
  }
}

export function templateDetail(t: Template): TemplateDetail {
  return {
    ...templateSummary(t),
    html: t.html,
    text: t.text,
    definition: withoutVendorSource(parseJson<unknown>(t.definition, null)),
    compiledHtml: t.compiledHtml,
    compiledText: t.compiledText,
    amp: t.amp,
    usesEvent: t.usesEvent,
    warnings: parseJson<TemplateIssue[]>(t.warnings, []),
  }
}

export const definitionOf = (t: Template): unknown => parseJson<unknown>(t.definition, null)

/** Our block definition without the vendor document /api stored beside it (the editors never see it). */
function withoutVendorSource(d: unknown): unknown {
  if (!d || typeof d !== 'object' || !('vendorSource' in d)) return d
  const rest = { ...(d as Record<string, unknown>) }
  delete rest.vendorSource
  return rest
}
