'use client'
// The catalog reports' date range: the last 7, 30 or 90 days (the /ajax daterange values).
import { useTranslations } from 'next-intl'
import { Select } from '@/components/ui/select'

export const REPORT_RANGES = ['last_7_days', 'last_30_days', 'last_90_days'] as const
export type ReportRange = (typeof REPORT_RANGES)[number]

export function ReportRangeSelect({ value, onChange }: { value: ReportRange; onChange: (v: ReportRange) => void }) {
  const t = useTranslations('catalogReports')
  return (
    <Select
      label={t('range')}
      name="daterange"
      value={value}
      data-testid="report-range"
      onChange={(e) => onChange(e.target.value as ReportRange)}
      options={REPORT_RANGES.map((r) => ({ value: r, label: t(`ranges.${r}`) }))}
    />
  )
}
