'use client'
// Settings of the "Review request" block (lib/templates/review-request-block.ts): star colour,
// product images, alignment. The products and their links come from the order when the email is
// sent; an email without an order shows no block, and the preview fills in sample products.
import { useTranslations } from 'next-intl'
import type { LeafBlock } from '@/lib/templates/block-definition'
import { AlignField, ColorField } from './fields'
import styles from './editor.module.css'

type ReviewRequestBlock = Extract<LeafBlock, { type: 'review-request' }>

export function ReviewRequestBlockSettings({
  block,
  set,
}: {
  block: ReviewRequestBlock
  set: (patch: Record<string, unknown>) => void
}) {
  const t = useTranslations('reviewRequests')
  return (
    <div className={styles.settings}>
      <p className={styles.fieldHint}>{t('blockHint')}</p>
      <ColorField label={t('starColor')} value={block.starColor} onChange={(starColor) => set({ starColor })} />
      <label className={styles.field}>
        <span className={styles.fieldLabel}>
          <input
            type="checkbox"
            checked={block.showImages !== false}
            onChange={(e) => set({ showImages: e.target.checked })}
          />{' '}
          {t('showImages')}
        </span>
      </label>
      <AlignField value={block.align} onChange={(align) => set({ align })} />
    </div>
  )
}
