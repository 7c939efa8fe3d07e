// The kind of a clone route and the read permission it needs in the current account.
import { forbidden, notFound } from '@/lib/errors/app-error'
import { parseKind, READ_RESOURCE } from '@/lib/portfolio/clone/clone-kinds'

export function kindFor(params: Record<string, string>, resources: Set<string>) {
  const kind = parseKind(params.kind, () => notFound())
  if (!resources.has(READ_RESOURCE[kind])) throw forbidden()
  return kind
}
