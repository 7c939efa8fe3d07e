// Server side of the analytics screens: the company's currency for money figures.
import type { ReactNode } from 'react'
import { getCurrentPrincipal } from '@/lib/server/current-principal'
import { companyCurrency } from '@/lib/reporting/company-currency'

export async function WithCompanyCurrency({ children }: { children: (currency: string) => ReactNode }) {
  const p = await getCurrentPrincipal()
  if (!p) return null
  return <>{children(await companyCurrency(p.companyId))}</>
}
