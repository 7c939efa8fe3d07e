'use client'
// /analytics/reports/library: ready-made reports that open in the builder; one whose metric
// the account does not have yet says which metric it waits for.
import { useTranslations } from 'next-intl'
import { LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { useAnalytics, type ResolvedLibraryEntry } from './analytics-api'
import styles from './analytics.module.css'

export function ReportLibrary() {
  const t = useTranslations('analytics')
  const { data, error } = useAnalytics<{ entries: ResolvedLibraryEntry[] }>('/ajax/analytics/library')
  if (error) return <Notification variant="error">{t('loadError')}</Notification>
  if (!data)
    return (
      <div className={styles.centered}>
        <Spinner size="large" />
      </div>
    )
  return (
    <div className={styles.tiles}>
      {data.entries.map((e) => (
        <div key={e.key} className={styles.tile} data-testid="library-entry">
          <span className={styles.figureLabel}>{t(`category.${e.category}`)}</span>
          <h2 className={styles.tileTitle}>{t(`libraryEntry.${e.key}.title`)}</h2>
          <p className={styles.muted}>{t(`libraryEntry.${e.key}.body`)}</p>
          {e.definition ? (
            <LinkButton href={`/report-builder/create?from=${e.key}`}>{t('openInBuilder')}</LinkButton>
          ) : (
            <p className={styles.muted}>{t('libraryMissing', { metric: e.missingMetric ?? '' })}</p>
          )}
        </div>
      ))}
    </div>
  )
}
