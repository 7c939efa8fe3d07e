// An automatic reply's text for one profile. Replies use the profile's variables as quick
// replies do ({{ first_name }}, {{ person.city }}, {{ first_name|default:"there" }}); a missing
// value is empty. Substituted here rather than through lib/templates, because lib/inbox is
// called from the inbound webhooks and must not import back into the messaging folders.
export interface ReplyProfile {
  id: string
  email: string | null
  phoneNumber: string | null
  firstName: string | null
  lastName: string | null
  organization: string | null
  city: string | null
  country: string | null
  properties: string
}

export function profileVariables(p: ReplyProfile | null, companyName: string): Record<string, unknown> {
  let props: Record<string, unknown> = {}
  try {
    const v: unknown = JSON.parse(p?.properties || '{}')
    if (v && typeof v === 'object' && !Array.isArray(v)) props = v as Record<string, unknown>
  } catch {}
  const person = {
    ...props,
    id: p?.id,
    email: p?.email,
    phone_number: p?.phoneNumber,
    first_name: p?.firstName,
    last_name: p?.lastName,
    organization: p?.organization,
    city: p?.city,
    country: p?.country,
  }
  return { ...person, person, organization: { name: companyName } }
}

const VARIABLE = /\{\{\s*([a-zA-Z_][\w.]*)\s*(?:\|\s*default\s*:\s*(?:"([^"]*)"|'([^']*)'))?\s*\}\}/g

function lookup(vars: Record<string, unknown>, path: string): unknown {
  let v: unknown = vars
  for (const key of path.split('.')) {
    if (!v || typeof v !== 'object') return undefined
    v = (v as Record<string, unknown>)[key]
  }
  return v
}

/** Whether every {{ … }} in a text is a variable renderReply understands (checked when saving). */
export const hasOnlyKnownTags = (template: string): boolean => !/\{\{|\{%/.test(template.replace(VARIABLE, ''))

export function renderReply(template: string, vars: Record<string, unknown>): string {
  return template
    .replace(VARIABLE, (_, path: string, d1?: string, d2?: string) => {
      const v = lookup(vars, path)
      const s = v === null || v === undefined || typeof v === 'object' ? '' : String(v)
      return s || (d1 ?? d2 ?? '')
    })
    .trim()
}
