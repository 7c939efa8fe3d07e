// Small helpers shared by the serializers: the vendor's date-time format, links built from
// the request's origin, and sparse fieldsets.
export const apiDate = (d: Date | null | undefined): string | null =>
  d
    ? d
        .toISOString()
        .replace(/\.\d{3}Z$/, '+00:00')
        .replace(/Z$/, '+00:00')
    : null

export const apiLink = (url: URL, path: string) => `${url.origin}/api${path}`

/** Relationship links as the reference shows them: self (relationships/…) and related. */
export function relationshipLinks(url: URL, type: string, id: string, rel: string) {
  return {
    links: {
      self: apiLink(url, `/${type}/${id}/relationships/${rel}/`),
      related: apiLink(url, `/${type}/${id}/${rel}/`),
    },
  }
}

/** Keeps only the requested attributes; "location.city" keeps that key of the object. */
export function pickFields(attributes: Record<string, unknown>, fields: Set<string> | null): Record<string, unknown> {
  if (!fields) return attributes
  const out: Record<string, unknown> = {}
  for (const f of fields) {
    const [top, sub] = f.split('.', 2) as [string, string | undefined]
    if (!(top in attributes)) continue
    if (!sub) {
      out[top] = attributes[top]
      continue
    }
    const parent = attributes[top]
    if (parent && typeof parent === 'object') {
      const into = (out[top] ??= {}) as Record<string, unknown>
      if (typeof into === 'object' && into) into[sub] = (parent as Record<string, unknown>)[sub]
    }
  }
  return out
}

export interface CollectionLinks {
  self: string
  next: string | null
  prev: string | null
}

export function collection(data: unknown[], links: CollectionLinks, included?: unknown[]) {
  return { data, links, ...(included ? { included } : {}) }
}
