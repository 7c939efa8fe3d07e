'use client'
// /forms/{formId}/test: the form on a desktop and a phone side by side, stepped through by hand,
// from the live version (else the newest). Nothing is submitted or counted in the preview.
import { useState } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Button, LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { formsApi, versionOf } from '../forms-api'
import { currentVersionId } from '../open-editor'
import { PreviewFrame } from '../editor/preview-frame'
import styles from '../view/view.module.css'

export function FormTestScreen({ formId, publicKey }: { formId: string; publicKey: string }) {
  const t = useTranslations('forms')
  const [step, setStep] = useState(0)
  const { data: form, error, mutate } = useSWR(['form', formId], () => formsApi.get(formId))
  if (error)
    return (
      <Page>
        <Notification
          variant="error"
          title={t('loadError')}
          action={{ label: t('retry'), onClick: () => void mutate() }}
        />
      </Page>
    )
  if (!form)
    return (
      <Page>
        <div className={styles.centered}>
          <Spinner label={t('loading')} />
        </div>
      </Page>
    )
  const vid = currentVersionId(form)
  const version = vid !== null ? versionOf(form, vid) : null
  if (!version)
    return (
      <Page>
        <Notification variant="error" title={t('versionMissing')} />
      </Page>
    )
  const steps = version.definition.steps
  const at = Math.min(step, steps.length - 1)
  const id = encodeURIComponent(form.id)

  return (
    <Page width="full">
      <PageHead
        title={t('testTitle', { name: form.name })}
        description={t('testDescription')}
        actions={
          <>
            <LinkButton href={`/forms/${id}`}>{t('backToForm')}</LinkButton>
            <LinkButton href={`/forms/${id}/test/live`} variant="primary">
              {t('testOnSite')}
            </LinkButton>
          </>
        }
      />
      <PageBody>
        <div className={styles.stepper} role="group" aria-label={t('stepThrough')}>
          <Button size="small" onClick={() => setStep(Math.max(0, at - 1))} disabled={at === 0} data-testid="test-prev">
            {t('previousStep')}
          </Button>
          <span aria-live="polite" data-testid="test-step">
            {t('stepOf', { n: at + 1, total: steps.length, name: steps[at]?.name || t('stepName', { n: at + 1 }) })}
          </span>
          <Button
            size="small"
            onClick={() => setStep(Math.min(steps.length - 1, at + 1))}
            disabled={at >= steps.length - 1}
            data-testid="test-next"
          >
            {t('nextStep')}
          </Button>
        </div>
        <div className={styles.side}>
          {(['desktop', 'mobile'] as const).map((d) => (
            <section key={d} className={styles.device} aria-label={t(`device.${d}`)}>
              <h2 className={styles.deviceLabel}>{t(`device.${d}`)}</h2>
              <div className={styles.deviceFrame}>
                <PreviewFrame
                  publicKey={publicKey}
                  formId={form.id}
                  definition={version.definition}
                  step={at}
                  device={d}
                />
              </div>
            </section>
          ))}
        </div>
      </PageBody>
    </Page>
  )
}
