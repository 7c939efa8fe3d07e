'use client'
// /reviews/widgets/edit/:id: one widget type's colours, star colour and layout beside a live
// preview; saved per company and applied by the onsite widget (/client/review-widget-settings).
import { useState, type FormEvent } from 'react'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button, LinkButton } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { TextField } from '@/components/ui/text-field'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { useOps } from '@/components/deliverability/ops-api'
import { LoadStates } from '@/components/deliverability/load-states'
import type { ReviewSettingsResponse } from '@/app/ajax/reviews/settings/route'
import { WIDGET_LAYOUTS, WIDGET_TYPES, type WidgetStyle, type WidgetType } from '@/lib/reviews/review-settings-input'
import { attempt, patchJson } from './reviews-api'
import { ReviewWidgetPreview } from './review-widget-preview'
import ops from '@/components/deliverability/ops.module.css'
import styles from './reviews.module.css'

const COLORS = ['textColor', 'backgroundColor', 'accentColor', 'starColor'] as const

function StyleForm({
  type,
  saved,
  onSaved,
}: {
  type: WidgetType
  saved: WidgetStyle
  onSaved: (s: ReviewSettingsResponse) => void
}) {
  const t = useTranslations('reviews')
  const [style, setStyle] = useState<WidgetStyle>(saved)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null)
  async function save(e: FormEvent) {
    e.preventDefault()
    const r = await attempt(() =>
      patchJson<ReviewSettingsResponse>('/ajax/reviews/settings', { widget: { type, style } }),
    )
    setErrors(r.fieldErrors)
    setStatus(r.data ? { ok: true, text: t('settings.saved') } : { ok: false, text: r.message ?? t('saveError') })
    if (r.data) onSaved(r.data)
  }
  return (
    <div className={styles.split}>
      <Card title={t('widgets.style')}>
        <form className={ops.form} onSubmit={save} noValidate>
          {status && <Notification variant={status.ok ? 'success' : 'error'}>{status.text}</Notification>}
          {COLORS.map((c) => (
            <TextField
              key={c}
              type="color"
              label={t(`widgets.color.${c}`)}
              name={c}
              value={style[c]}
              onChange={(e) => setStyle({ ...style, [c]: e.target.value })}
              error={errors[`widget.style.${c}`]}
            />
          ))}
          <Select
            label={t('widgets.layout')}
            name="layout"
            value={style.layout}
            onChange={(e) => setStyle({ ...style, layout: e.target.value as WidgetStyle['layout'] })}
            options={WIDGET_LAYOUTS.map((l) => ({ value: l, label: t(`widgets.layoutName.${l}`) }))}
            error={errors['widget.style.layout']}
          />
          <div className={ops.actions}>
            <Button type="submit" variant="primary">
              {t('settings.save')}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setStyle(saved)}>
              {t('widgets.reset')}
            </Button>
          </div>
        </form>
      </Card>
      <Card title={t('widgets.preview')}>
        <ReviewWidgetPreview type={type} style={style} />
      </Card>
    </div>
  )
}

export function ReviewWidgetEditScreen({ id }: { id: string }) {
  const t = useTranslations('reviews')
  const known = (WIDGET_TYPES as readonly string[]).includes(id)
  const { data, error, isLoading, mutate } = useOps<ReviewSettingsResponse>(known ? '/ajax/reviews/settings' : null)
  return (
    <Page>
      <PageHead
        title={known ? t(`widgets.type.${id}`) : t('widgets.title')}
        actions={<LinkButton href="/reviews/widgets">{t('widgets.back')}</LinkButton>}
      />
      <PageBody>
        {!known ? (
          <EmptyState heading={t('widgets.unknownTitle')} body={t('widgets.unknownBody')} />
        ) : !data ? (
          <LoadStates loading={isLoading} error={error} />
        ) : (
          <StyleForm
            type={id as WidgetType}
            saved={data.widgets[id as WidgetType]}
            onSaved={(s) => mutate(s, { revalidate: false })}
          />
        )}
      </PageBody>
    </Page>
  )
}
