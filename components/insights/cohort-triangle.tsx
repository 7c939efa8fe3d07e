// The cohort triangle: one row per first-order month, one column per month since, each cell
// the share of the cohort active that month, shaded by that share (heat colours), with the
// cohort's size, repeat rate and revenue beside it.
import { useFormatter, useTranslations } from 'next-intl'
import type { CohortResult } from './insights-api'
import styles from './insights.module.css'

/** Background for a retention share: the primary colour, stronger with the share. */
const heat = (share: number) =>
  share > 0 ? `color-mix(in srgb, var(--color-primary) ${Math.round(8 + share * 72)}%, transparent)` : undefined

export function CohortTriangle({ result, currency }: { result: CohortResult; currency: string }) {
  const t = useTranslations('insights')
  const format = useFormatter()
  const width = result.cohorts[0]?.cells.length ?? 0
  const pct = (v: number) => format.number(v, { style: 'percent', maximumFractionDigits: 1 })
  const month = (m: string) =>
    format.dateTime(new Date(`${m}-01T00:00:00Z`), { year: 'numeric', month: 'short', timeZone: 'UTC' })
  return (
    <div className={styles.tableWrap} role="region" aria-label={t('cohortTableLabel')} tabIndex={0}>
      <table className={styles.table} data-testid="cohort-triangle">
        <thead>
          <tr>
            <th scope="col">{t('cohortMonth')}</th>
            <th scope="col" className={styles.num}>
              {t('cohortCustomers')}
            </th>
            <th scope="col" className={styles.num}>
              {t('cohortRepeatRate')}
            </th>
            <th scope="col" className={styles.num}>
              {t('cohortRevenue')}
            </th>
            {Array.from({ length: width }, (_, k) => (
              <th key={k} scope="col" className={styles.num}>
                {t('cohortMonthSince', { k })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {result.cohorts.map((c) => (
            <tr key={c.month}>
              <th scope="row">{month(c.month)}</th>
              <td className={styles.num}>{format.number(c.customers)}</td>
              <td className={styles.num}>{pct(c.repeatRate)}</td>
              <td className={styles.num}>
                {format.number(c.revenue, { style: 'currency', currency, maximumFractionDigits: 0 })}
              </td>
              {Array.from({ length: width }, (_, k) => {
                const cell = c.cells[k]
                return (
                  <td
                    key={k}
                    className={styles.heat}
                    style={cell ? { background: heat(cell.retention) } : undefined}
                    title={cell ? t('cohortCellTitle', { customers: cell.customers }) : undefined}
                  >
                    {cell && c.customers ? pct(cell.retention) : ''}
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
