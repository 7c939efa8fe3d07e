'use client'
// /reviews/widgets: the onsite widget types, the markup that places each on a store page, and a
// link to style each one.
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { LinkButton } from '@/components/ui/button'
import { WIDGET_TYPES, type WidgetType } from '@/lib/reviews/review-settings-input'
import ops from '@/components/deliverability/ops.module.css'
import styles from './reviews.module.css'

export const WIDGET_MARKUP: Record<WidgetType, string> = {
  product_reviews: '<div id="klaviyo-reviews-all" data-id="{product id}"></div>',
  star_rating: '<div class="klaviyo-star-rating-widget" data-id="{product id}"></div>',
  carousel: '<div class="klaviyo-reviews-carousel"></div>',
  store_reviews: '<div class="klaviyo-reviews-store"></div>',
  questions: '<div class="klaviyo-reviews-questions" data-id="{product id}"></div>',
}

export function ReviewWidgetsScreen() {
  const t = useTranslations('reviews')
  return (
    <Page>
      <PageHead title={t('widgets.title')} description={t('widgets.description')} />
      <PageBody>
        <div className={ops.stack}>
          {WIDGET_TYPES.map((w) => (
            <Card
              key={w}
              title={t(`widgets.type.${w}`)}
              actions={<LinkButton href={`/reviews/widgets/edit/${w}`}>{t('widgets.edit')}</LinkButton>}
            >
              <p className={ops.note}>{t(`widgets.typeHelp.${w}`)}</p>
              <code className={styles.code}>{WIDGET_MARKUP[w]}</code>
            </Card>
          ))}
        </div>
      </PageBody>
    </Page>
  )
}
