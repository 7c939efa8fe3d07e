// Server side of the feed screens: the company's time zone for event times.
import type { ReactNode } from 'react'
import { getCurrentPrincipal } from '@/lib/server/current-principal'
import { safeTimeZone } from '@/lib/profile-view/zoned-time'

export async function WithTimeZone({ children }: { children: (timeZone: string) => ReactNode }) {
  const p = await getCurrentPrincipal()
  if (!p) return null
  return <>{children(safeTimeZone(p.company.timezone))}</>
}
