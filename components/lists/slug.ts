import { slugify } from '@/lib/text/slugify'

export const slugOf = (name: string): string => slugify(name, 'list', 60)

export function groupHref(group: { id: string; name: string }): string {
  return `/list/${encodeURIComponent(group.id)}/${slugOf(group.name)}`
}
