// Data table: semantic <table> with column alignment and an empty row.
import type { ReactNode } from 'react'
import { useTranslations } from 'next-intl'
import styles from './table.module.css'

export interface TableColumn {
  key: string
  header: ReactNode
  align?: 'left' | 'center' | 'right'
}

export type TableRow = Record<string, ReactNode> & { id?: string | number }

export interface TableProps {
  columns: TableColumn[]
  rows: TableRow[]
  empty?: ReactNode
  caption?: string
}

export function Table({ columns, rows, empty, caption }: TableProps) {
  const t = useTranslations('library')
  return (
    // A focusable region, so a table wider than the screen can be scrolled from the keyboard too.
    <div className={styles.wrap} role="region" aria-label={caption} tabIndex={caption ? 0 : undefined}>
      <table className={styles.table}>
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={styles[c.align ?? 'left']}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className={styles.empty}>
                {empty ?? t('noDataTitle')}
              </td>
            </tr>
          ) : (
            rows.map((row, i) => (
              <tr key={row.id ?? i}>
                {columns.map((c) => (
                  <td key={c.key} className={styles[c.align ?? 'left']}>
                    {row[c.key]}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  )
}
