// The readable part of a list URL (/list/{id}/{slug}): the name in lower case, words joined by
// dashes. It is decoration only; the id finds the list, so any slug opens it.
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
  return slug || 'list'
}

export function groupHref(group: { id: string; name: string }): string {
  return `/list/${encodeURIComponent(group.id)}/${slugOf(group.name)}`
}
