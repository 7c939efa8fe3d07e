// The readable part of an address such as /list/{id}/{slug} or /metric/{id}/{slug}: the name in
// lower case, accents dropped, words joined by dashes. The id decides the page; any slug opens it.
export function slugify(name: string, fallback = 'item', maxLength = 80): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '')
  return slug || fallback
}
