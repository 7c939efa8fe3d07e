// URL slugs of the screens that carry a readable name after the id: /metric/{id}/{slug} and
// /list/{id}/{slug}. The id decides the page; the slug is for people reading the address.
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
  return slug || 'item'
}

export const metricPath = (id: string, name: string) => `/metric/${encodeURIComponent(id)}/${slugify(name)}`
export const listPath = (id: string, name: string) => `/list/${encodeURIComponent(id)}/${slugify(name)}`
export const profilePath = (id: string) => `/profile/${encodeURIComponent(id)}`
