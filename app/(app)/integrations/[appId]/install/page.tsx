// /integrations/{appId}/install: the app's own screen (spec §2.16 keeps this route; the
// install form lives where the app is configured), after the route's permission gate.
import { notFound, redirect } from 'next/navigation'
import { findDirectoryEntry } from '@/lib/integrations/directory-entries'
import { currentPathname, guardRoute } from '@/lib/server/guard-route'

export default async function Page({ params }: { params: Promise<{ appId: string }> }) {
  const { pathname, search } = await currentPathname()
  await guardRoute(pathname, search)
  const entry = findDirectoryEntry((await params).appId)
  if (!entry) notFound()
  redirect(entry.installPath)
}
