'use client'
// /reviews/settings/:section?: general — the rating from which clean reviews are published at
// once, manual moderation (every review waits), extra words that hold a review back; widgets —
// the widget types to style and the product reviews feed for Google Shopping.
import { useState, type FormEvent } from 'react'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button, LinkButton } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { Notification } from '@/components/ui/notification'
import { FormError } from '@/components/ui/form-error'
import { useOps } from '@/components/deliverability/ops-api'
import { LoadStates } from '@/components/deliverability/load-states'
import type { ReviewSettingsResponse } from '@/app/ajax/reviews/settings/route'
import { WIDGET_TYPES, type GeneralSettings } from '@/lib/reviews/review-settings-input'
import { attempt, patchJson } from './reviews-api'
import { ReviewSettingsTabs, SETTINGS_SECTIONS, type SettingsSection } from './review-settings-tabs'
import ops from '@/components/deliverability/ops.module.css'
import styles from './reviews.module.css'

function GeneralForm({ saved, onSaved }: { saved: GeneralSettings; onSaved: (s: ReviewSettingsResponse) => void }) {
  const t = useTranslations('reviews')
  const [draft, setDraft] = useState({ ...saved, words: saved.blockedWords.join('\n') })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null)
  async function save(e: FormEvent) {
    e.preventDefault()
    const general = {
      autoPublishMinRating: draft.autoPublishMinRating,
      moderation: draft.moderation,
      blockedWords: draft.words
        .split('\n')
        .map((w) => w.trim())
        .filter(Boolean),
    }
    const r = await attempt(() => patchJson<ReviewSettingsResponse>('/ajax/reviews/settings', { general }))
    setErrors(r.fieldErrors)
    setStatus(r.data ? { ok: true, text: t('settings.saved') } : { ok: false, text: r.message ?? t('saveError') })
    if (r.data) onSaved(r.data)
  }
  const wordsError = Object.entries(errors).find(([k]) => k.startsWith('general.blockedWords'))?.[1]
  return (
    <form className={ops.form} onSubmit={save} noValidate>
      {status && <Notification variant={status.ok ? 'success' : 'error'}>{status.text}</Notification>}
      <Select
        label={t('settings.autoPublish')}
        name="autoPublishMinRating"
        value={String(draft.autoPublishMinRating)}
        onChange={(e) => setDraft({ ...draft, autoPublishMinRating: Number(e.target.value) })}
        options={[1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: t('settings.starsAndUp', { count: n }) }))}
        error={errors['general.autoPublishMinRating']}
      />
      <Select
        label={t('settings.moderation')}
        name="moderation"
        value={draft.moderation}
        onChange={(e) => setDraft({ ...draft, moderation: e.target.value as GeneralSettings['moderation'] })}
        options={[
          { value: 'auto', label: t('settings.moderationAuto') },
          { value: 'manual', label: t('settings.moderationManual') },
        ]}
        error={errors['general.moderation']}
      />
      <div>
        <label htmlFor="blocked-words" className={ops.tileTitle}>
          {t('settings.blockedWords')}
        </label>
        <p className={ops.muted}>{t('settings.blockedWordsHint')}</p>
        <textarea
          id="blocked-words"
          className={styles.reply}
          value={draft.words}
          onChange={(e) => setDraft({ ...draft, words: e.target.value })}
          aria-invalid={wordsError ? true : undefined}
        />
        {wordsError && <FormError id="blocked-words-error">{wordsError}</FormError>}
      </div>
      <div className={ops.actions}>
        <Button type="submit" variant="primary">
          {t('settings.save')}
        </Button>
      </div>
    </form>
  )
}

function WidgetsSection({ feedUrl }: { feedUrl: string | null }) {
  const t = useTranslations('reviews')
  return (
    <div className={ops.stack}>
      <Card title={t('widgets.title')}>
        <ul className={ops.steps}>
          {WIDGET_TYPES.map((w) => (
            <li key={w} className={ops.step}>
              <span className={ops.stepText}>
                <span className={ops.stepTitle}>{t(`widgets.type.${w}`)}</span>
              </span>
              <LinkButton href={`/reviews/widgets/edit/${w}`}>{t('widgets.edit')}</LinkButton>
            </li>
          ))}
        </ul>
      </Card>
      <Card title={t('settings.feedTitle')}>
        <p className={ops.note}>{t('settings.feedHint')}</p>
        {feedUrl && <code className={styles.code}>{feedUrl}</code>}
      </Card>
    </div>
  )
}

export function ReviewSettingsScreen({ section, feedUrl }: { section?: string; feedUrl: string | null }) {
  const t = useTranslations('reviews')
  const current: SettingsSection = (SETTINGS_SECTIONS as readonly string[]).includes(section ?? '')
    ? (section as SettingsSection)
    : 'general'
  const { data, error, isLoading, mutate } = useOps<ReviewSettingsResponse>('/ajax/reviews/settings')
  return (
    <Page>
      <PageHead title={t('settings.title')} description={t('settings.description')} />
      <PageBody>
        <ReviewSettingsTabs current={current} />
        {current === 'widgets' ? (
          <WidgetsSection feedUrl={feedUrl} />
        ) : !data ? (
          <LoadStates loading={isLoading} error={error} />
        ) : (
          <Card title={t('settings.section.general')}>
            <GeneralForm saved={data.general} onSaved={(s) => mutate(s, { revalidate: false })} />
          </Card>
        )}
      </PageBody>
    </Page>
  )
}
