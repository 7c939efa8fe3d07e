'use client'
// /staff/quarterly-growth-report: one account's last eight quarters.
import { QuarterTable } from './quarter-table'
import { accountUrl } from './staff-api'
import { PanelState, useAccountData } from './account-panel'
import type { QuarterFigures } from '@/lib/staff/quarterly-figures'

export function GrowthReportPanel({ companyId }: { companyId: number }) {
  const { data, error, isLoading, mutate } = useAccountData<{ quarters: QuarterFigures[] }>(
    `${accountUrl(companyId, 'growth-report')}?quarters=8`,
  )
  if (!data) return <PanelState error={error} loading={isLoading} retry={() => mutate()} />
  return <QuarterTable quarters={data.quarters} />
}
