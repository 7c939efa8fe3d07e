'use client'
// The live preview of a reviews widget with the styles being edited: sample reviews in the
// chosen colours, star colour and layout, as the onsite widget draws them on a store page.
import { useTranslations } from 'next-intl'
import type { WidgetStyle, WidgetType } from '@/lib/reviews/review-settings-input'
import styles from './reviews.module.css'

const SAMPLES = [
  { rating: 5, key: 'sample1' },
  { rating: 4, key: 'sample2' },
  { rating: 5, key: 'sample3' },
] as const

export function ReviewWidgetPreview({ type, style }: { type: WidgetType; style: WidgetStyle }) {
  const t = useTranslations('reviews')
  const box = { color: style.textColor, background: style.backgroundColor }
  const starLine = (n: number) => (
    <span style={{ color: style.starColor, letterSpacing: 1 }} aria-label={t('starsLabel', { rating: n })} role="img">
      {'★'.repeat(n) + '☆'.repeat(5 - n)}
    </span>
  )
  if (type === 'star_rating')
    return (
      <div className={styles.preview} style={box} data-testid="widget-preview">
        {starLine(5)} <span>4.7 (128)</span>
      </div>
    )
  if (type === 'questions')
    return (
      <div className={styles.preview} style={box} data-testid="widget-preview">
        <p style={{ fontWeight: 600, margin: 0 }}>{t('widgets.sampleQuestion')}</p>
        <p style={{ margin: '4px 0 0', borderLeft: `3px solid ${style.accentColor}`, paddingLeft: 8 }}>
          {t('widgets.sampleAnswer')}
        </p>
      </div>
    )
  const items = SAMPLES.map((s) => (
    <div key={s.key} className={styles.item} style={{ borderColor: style.accentColor }}>
      {starLine(s.rating)}
      <p className={styles.body}>{t(`widgets.${s.key}`)}</p>
    </div>
  ))
  return (
    <div className={styles.preview} style={box} data-testid="widget-preview" data-layout={style.layout}>
      <div style={{ marginBottom: 12 }}>
        {starLine(5)} <span>4.7 (128)</span>
      </div>
      {style.layout === 'grid' || type === 'carousel' ? (
        <div className={styles.previewGrid}>{items}</div>
      ) : (
        <div className={styles.list}>{style.layout === 'compact' ? items.slice(0, 1) : items}</div>
      )}
      <button
        type="button"
        style={{
          marginTop: 12,
          background: style.accentColor,
          color: '#fff',
          border: 0,
          borderRadius: 6,
          padding: '6px 12px',
        }}
      >
        {t('widgets.sampleMore')}
      </button>
    </div>
  )
}
