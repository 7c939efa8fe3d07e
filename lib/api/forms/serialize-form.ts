// The JSON:API shapes of forms and form versions (FormResponseObjectResource,
// EncodedFormResponseObjectResource, FormVersionResponseObjectResource). A scheduled form is
// "draft" on the API, as the vendor's enum has only draft and live.
import type { Form, FormVersion } from '@/generated/prisma/client'
import { apiDate, apiLink, pickFields, relationshipLinks } from '@/lib/api/json-api'

export const FORM_FIELDS = ['name', 'status', 'ab_test', 'created_at', 'updated_at'] as const
/** The encoded form (GET /api/forms/{id}, POST) also answers its definition. */
export const ENCODED_FORM_FIELDS = [...FORM_FIELDS, 'definition'] as const
export const FORM_VERSION_FIELDS = [
  'form_type',
  'variation_name',
  'ab_test',
  'ab_test.variation_name',
  'status',
  'created_at',
  'updated_at',
] as const

type FormRow = Pick<Form, 'id' | 'name' | 'status' | 'createdAt' | 'updatedAt'>
const apiStatus = (s: string) => (s === 'live' ? 'live' : 'draft')

function formAttributes(f: FormRow, abTest: boolean) {
  return {
    name: f.name,
    status: apiStatus(f.status),
    ab_test: abTest,
    created_at: apiDate(f.createdAt),
    updated_at: apiDate(f.updatedAt),
  }
}

export function serializeForm(
  url: URL,
  f: FormRow,
  abTest: boolean,
  fields: Set<string> | null = null,
  versionIds?: number[],
) {
  const rel = relationshipLinks(url, 'forms', f.id, 'form-versions')
  return {
    type: 'form' as const,
    id: f.id,
    attributes: pickFields(formAttributes(f, abTest), fields),
    relationships: {
      'form-versions': versionIds
        ? { data: versionIds.map((id) => ({ type: 'form-version' as const, id: String(id) })), ...rel }
        : rel,
    },
    links: { self: apiLink(url, `/forms/${f.id}/`) },
  }
}

// Parsed here rather than imported from lib/forms: lib/api sits in a cycle with other layers that
// lib/forms must stay out of (tests/unit/architecture.test.ts).
function parseDefinition(text: string): Record<string, unknown> {
  try {
    const v = JSON.parse(text) as unknown
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** The vendor's FormDefinition: every version's stored Version with its id and status. */
export function encodeDefinition(versions: FormVersion[]) {
  return {
    versions: [...versions]
      .sort((a, b) => a.id - b.id)
      .map((v) => ({ ...parseDefinition(v.definition), id: v.id, status: v.status })),
  }
}

export function serializeEncodedForm(
  url: URL,
  f: FormRow & { versions: FormVersion[] },
  abTest: boolean,
  fields: Set<string> | null = null,
) {
  const attributes = pickFields({ ...formAttributes(f, abTest), definition: encodeDefinition(f.versions) }, fields)
  return { type: 'form' as const, id: f.id, attributes, links: { self: apiLink(url, `/forms/${f.id}/`) } }
}

export function serializeFormVersion(url: URL, v: FormVersion, fields: Set<string> | null = null) {
  const attributes = {
    form_type: v.formType,
    variation_name: v.variationName,
    ab_test: v.experimentId != null ? { variation_name: v.variationName } : null,
    status: v.status,
    created_at: apiDate(v.createdAt),
    updated_at: apiDate(v.updatedAt),
  }
  return {
    type: 'form-version' as const,
    id: String(v.id),
    attributes: pickFields(attributes, fields),
    relationships: {
      form: {
        data: { type: 'form' as const, id: v.formId },
        ...relationshipLinks(url, 'form-versions', String(v.id), 'form'),
      },
    },
    links: { self: apiLink(url, `/form-versions/${v.id}/`) },
  }
}
