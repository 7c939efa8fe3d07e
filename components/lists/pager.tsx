'use client'
// Page-numbered paging under a table: "1–50 of 1,234" and previous/next.
import { useFormatter, useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import styles from './shared.module.css'

export interface PagerProps {
  page: number
  pageSize: number
  /** Rows on this page. */
  count: number
  /** Total rows when the server knows it. */
  total?: number | null
  hasNext?: boolean
  onPage: (page: number) => void
}

export function Pager({ page, pageSize, count, total, hasNext, onPage }: PagerProps) {
  const t = useTranslations('lists')
  const format = useFormatter()
  if (count === 0 && page === 1) return null
  const from = (page - 1) * pageSize + 1
  const to = from + count - 1
  const next = hasNext ?? (total != null ? to < total : count === pageSize)
  return (
    <nav className={styles.pager} aria-label={t('pagerLabel')}>
      <span data-testid="pager-range">
        {total != null
          ? t('pagerRangeOf', { from: format.number(from), to: format.number(to), total: format.number(total) })
          : t('pagerRange', { from: format.number(from), to: format.number(to) })}
      </span>
      <span className={styles.pagerButtons}>
        <Button size="small" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('pagerPrevious')}
        </Button>
        <Button size="small" variant="secondary" disabled={!next} onClick={() => onPage(page + 1)}>
          {t('pagerNext')}
        </Button>
      </span>
    </nav>
  )
}
