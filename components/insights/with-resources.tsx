// Server side of the metric admin screens: whether the user may change what they show (the
// handlers check again; this only hides the controls).
import type { ReactNode } from 'react'
import { getCurrentPrincipal } from '@/lib/server/current-principal'

export async function WithResource({
  resource,
  children,
}: {
  resource: string
  children: (has: boolean) => ReactNode
}) {
  const p = await getCurrentPrincipal()
  if (!p) return null
  return <>{children(p.resources.has(resource))}</>
}
