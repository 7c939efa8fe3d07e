'use client'
// A report's table: dimension and time cells as text, measurements as numbers, changes as percents.
import { useFormatter, useTranslations } from 'next-intl'
import type { ReportResult } from './analytics-api'
import styles from './analytics.module.css'

export function ResultTable({ columns, rows }: Pick<ReportResult, 'columns' | 'rows'>) {
  const t = useTranslations('analytics')
  const format = useFormatter()
  if (!rows.length) return <p className={styles.muted}>{t('noRows')}</p>
  const cell = (v: string | number | null, kind: string) => {
    if (v === null) return kind === 'change' ? '—' : t('notSet')
    if (typeof v === 'number')
      return kind === 'change'
        ? format.number(v / 100, { style: 'percent', maximumFractionDigits: 1 })
        : format.number(v)
    if (kind === 'time') return v.slice(0, 10)
    return v
  }
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="report-table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                className={c.kind === 'dimension' || c.kind === 'time' ? undefined : styles.num}
              >
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {r.map((v, k) => (
                <td
                  key={k}
                  className={columns[k]!.kind === 'dimension' || columns[k]!.kind === 'time' ? undefined : styles.num}
                >
                  {cell(v, columns[k]!.kind)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
