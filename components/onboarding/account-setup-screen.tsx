'use client'
// /account-setup and its steps (seed 001 §2.2): one screen per step, each saved on Continue
// (POST /ajax/onboarding/setup/{step}), so a reload or a later visit resumes where it stopped.
// The bare /account-setup goes to the first step not answered yet.
import { useEffect, useState, type FormEvent } from 'react'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { Notification } from '@/components/ui/notification'
import { FormError } from '@/components/ui/form-error'
import { readHttpFailure } from '@/components/auth/http-failure'
import {
  normaliseStep,
  nextStep,
  SETUP_STEPS,
  skips,
  type SetupStep,
  type StepAnswers,
} from '@/lib/onboarding/setup-steps'
import type { SaveSetupStepResponse } from '@/app/ajax/onboarding/setup/[...step]/route'
import { SetupStepFields } from './setup-step-fields'
import { useSetupState } from './use-setup-state'
import styles from './onboarding.module.css'

export function AccountSetupScreen({ step: raw }: { step?: string }) {
  const t = useTranslations('onboarding')
  const tc = useTranslations('common')
  const router = useRouter()
  const { data, error, mutate } = useSetupState()
  const step = raw ? normaliseStep(raw) : null
  useEffect(() => {
    if (!raw && data) router.replace(data.currentStep ? `/account-setup/${data.currentStep}` : '/get-started')
  }, [raw, data, router])
  if (error)
    return (
      <Page>
        <PageHead title={t('setupTitle')} />
        <PageBody>
          <Notification variant="error" action={{ label: tc('retry'), onClick: () => void mutate() }}>
            {t('loadError')}
          </Notification>
        </PageBody>
      </Page>
    )
  if (!data || !step)
    return (
      <div className={styles.loading}>
        <Spinner size="large" />
      </div>
    )
  return <StepForm key={step} step={step} state={data} onSaved={(r) => void mutate(r.state, { revalidate: false })} />
}

function StepForm({
  step,
  state,
  onSaved,
}: {
  step: SetupStep
  state: NonNullable<ReturnType<typeof useSetupState>['data']>
  onSaved: (r: SaveSetupStepResponse) => void
}) {
  const t = useTranslations('onboarding')
  const router = useRouter()
  const [draft, setDraft] = useState<Record<string, unknown>>(
    (state.answers[step] as Record<string, unknown> | undefined) ?? defaultsFor(step, state.storeConnected),
  )
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const shown = SETUP_STEPS.filter((s) => !skips(s, state.answers as StepAnswers))
  const index = shown.indexOf(step)

  async function save(body: Record<string, unknown>) {
    setErrors({})
    setFormError(null)
    setSaving(true)
    try {
      const r = await http.post<SaveSetupStepResponse>(`/ajax/onboarding/setup/${step}`, body)
      onSaved(r.data)
      router.push(r.data.next)
    } catch (ex) {
      const f = readHttpFailure(ex)
      if (Object.keys(f.fieldErrors).length) setErrors(f.fieldErrors)
      else setFormError(f.message ?? t('saveError'))
    } finally {
      setSaving(false)
    }
  }
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    void save(draft)
  }
  const following = nextStep(step, state.answers as StepAnswers)
  return (
    <Page>
      <div className={styles.wizard}>
        <PageHead title={t(`steps.${stepKey(step)}.title`)} description={t(`steps.${stepKey(step)}.body`)} />
        <PageBody>
          <form className={styles.form} onSubmit={submit} noValidate data-testid={`setup-step-${stepKey(step)}`}>
            <p className={styles.progress}>{t('progress', { step: Math.max(1, index + 1), total: shown.length })}</p>
            <SetupStepFields
              step={step}
              state={state}
              draft={draft}
              setDraft={setDraft}
              errors={errors}
              onSkip={(body) => void save(body)}
            />
            {formError && <FormError>{formError}</FormError>}
            {errors._ && <FormError>{errors._}</FormError>}
            <div className={styles.footer}>
              {index > 0 ? (
                <Button
                  type="button"
                  variant="tertiary"
                  onClick={() => router.push(`/account-setup/${shown[index - 1]}`)}
                >
                  {t('back')}
                </Button>
              ) : (
                <span />
              )}
              <Button type="submit" variant="primary" disabled={saving} data-testid="setup-continue">
                {following ? t('continue') : t('finish')}
              </Button>
            </div>
          </form>
        </PageBody>
      </div>
    </Page>
  )
}

/** What a step starts with before it is answered: the choices the screen shows as already made. */
function defaultsFor(step: SetupStep, storeConnected: boolean): Record<string, unknown> {
  if (step === 'choose-channels') return { channels: ['email'] }
  if (step === 'integration') return { action: storeConnected ? 'connected' : 'skip' }
  if (step === 'integration/data-sharing') return { writeBackConsent: true }
  if (step === 'integration/sync') return { days: 90 }
  return {}
}

/** Message keys cannot hold a slash: integration/data-sharing → integrationDataSharing. */
export const stepKey = (s: SetupStep) => s.replace(/[/-](\w)/g, (_, c: string) => c.toUpperCase())
