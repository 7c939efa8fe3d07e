'use client'
// /customer-hub/settings/{general,content,design,faq,returns,support,webchat,extensions} and the
// onboarding steps (account features, design): one form per section, each saving only its own
// fields to /ajax/customer-hub/settings; the server's field errors are shown at their fields
// (keys like "faq.0.question"). An onboarding step moves on to its next step once saved.
import { useState, type FormEvent } from 'react'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from '@/components/auth/http-failure'
import { useOps, postJson } from '@/components/deliverability/ops-api'
import { LoadStates } from '@/components/deliverability/load-states'
import type { HubSettingsResponse } from '@/app/ajax/customer-hub/settings/route'
import { HubTabs, type HubSection } from './hub-tabs'
import { HubSectionFields, bodyFor, draftFrom, type HubDraft } from './hub-section-fields'
import styles from '@/components/deliverability/ops.module.css'

export interface HubOnboardingStep {
  step: number
  next: string
}

export function HubSettingsScreen({ section, onboarding }: { section: HubSection; onboarding?: HubOnboardingStep }) {
  const t = useTranslations('customerHub')
  const router = useRouter()
  const { data, error, isLoading, mutate } = useOps<HubSettingsResponse>('/ajax/customer-hub/settings')
  const [draft, setDraft] = useState<HubDraft | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null)
  const [saving, setSaving] = useState(false)
  // The saved settings until the first edit; the merchant's draft after.
  const form = draft ?? (data ? draftFrom(data) : null)

  async function save(e: FormEvent) {
    e.preventDefault()
    if (!form) return
    setErrors({})
    setStatus(null)
    setSaving(true)
    try {
      const saved = await postJson<HubSettingsResponse>('/ajax/customer-hub/settings', bodyFor(section, form))
      await mutate({ ...saved, hubPath: data?.hubPath ?? '' }, { revalidate: false })
      setStatus({ ok: true, text: t('saved') })
      if (onboarding) router.push(onboarding.next)
    } catch (err) {
      const f = readHttpFailure(err)
      setErrors(f.fieldErrors)
      setStatus({ ok: false, text: f.message ?? t('saveError') })
    } finally {
      setSaving(false)
    }
  }

  return (
    <Page>
      <PageHead
        title={onboarding ? t('onboarding.title') : t(`section.${section}`)}
        description={t(`sectionHelp.${section}`)}
      />
      <PageBody>
        {onboarding ? (
          <p className={styles.muted}>{t('onboarding.step', { step: onboarding.step, total: 3 })}</p>
        ) : (
          <HubTabs />
        )}
        {!form ? (
          <LoadStates loading={isLoading} error={error} />
        ) : (
          <Card>
            <form className={styles.form} onSubmit={save} noValidate>
              {status && <Notification variant={status.ok ? 'success' : 'error'}>{status.text}</Notification>}
              <HubSectionFields section={section} draft={form} setDraft={setDraft} errors={errors} />
              <div className={styles.actions}>
                <Button type="submit" variant="primary" disabled={saving}>
                  {onboarding ? t('onboarding.next') : t('save')}
                </Button>
              </div>
            </form>
          </Card>
        )}
      </PageBody>
    </Page>
  )
}
