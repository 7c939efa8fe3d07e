// Addresses of the screens that carry a readable name after the id.
import { slugify } from '@/lib/text/slugify'

export { slugify }
export const metricPath = (id: string, name: string) => `/metric/${encodeURIComponent(id)}/${slugify(name)}`
export const listPath = (id: string, name: string) => `/list/${encodeURIComponent(id)}/${slugify(name, 'list', 60)}`
export const profilePath = (id: string) => `/profile/${encodeURIComponent(id)}`
