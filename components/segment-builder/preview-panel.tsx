'use client'
// The estimate beside the builder: "≈ N profiles", a spinner while counting, or what to fix.
import { useFormatter, useTranslations } from 'next-intl'
import { Card } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import type { PreviewState } from './use-segment-preview'
import styles from './builder.module.css'

export function PreviewPanel({ preview, complete }: { preview: PreviewState; complete: boolean }) {
  const t = useTranslations('segmentBuilder')
  const format = useFormatter()
  const counting = preview.status === 'counting'
  return (
    <Card>
      <div className={styles.preview} aria-live="polite">
        <span className={styles.previewLabel}>{t('previewTitle')}</span>
        {!complete ? (
          <p className={styles.previewHint} data-testid="segment-preview-incomplete">
            {t('previewIncomplete')}
          </p>
        ) : preview.status === 'error' ? (
          <p className={styles.previewHint} data-testid="segment-preview-error">
            {Object.keys(preview.fieldErrors).length ? t('previewError') : t('previewFailed')}
          </p>
        ) : (
          <>
            <div className={`${styles.previewCount} ${counting ? styles.previewCounting : ''}`}>
              {counting && <Spinner size="medium" delayMs={0} label={t('previewCounting')} />}
              {preview.count !== null ? (
                <span
                  data-testid="segment-preview-count"
                  data-count={preview.count}
                  data-state={counting ? 'counting' : 'done'}
                >
                  {t('previewCount', { count: preview.count, formatted: format.number(preview.count) })}
                </span>
              ) : (
                <span className={styles.previewHint}>{t('previewCounting')}</span>
              )}
            </div>
            <p className={styles.previewHint}>{t('previewHint')}</p>
          </>
        )}
      </div>
    </Card>
  )
}
