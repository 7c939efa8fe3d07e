'use client'
// /get-started/sms-forms-setup: add an SMS step to a signup form. Checks that SMS sending is
// set up, gives the consent language (TCPA-style disclosure) the SMS step must show, and opens
// a form in the editor, or starts one from the SMS two-step template.
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { LinkButton } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { Spinner } from '@/components/ui/spinner'
import { Badge } from '@/components/ui/badge'
import { Notification } from '@/components/ui/notification'
import { CodeSnippet } from './copy-button'
import { createFormHref } from './get-started-forms-create'
import { useSmsSetup } from './use-sms-setup'
import styles from './growth.module.css'

export function GetStartedSmsForms() {
  const t = useTranslations('growth')
  const { data, error } = useSmsSetup()
  const [formId, setFormId] = useState('')
  if (error)
    return (
      <Page>
        <PageHead title={t('smsFormsTitle')} />
        <PageBody>
          <Notification variant="error">{t('loadError')}</Notification>
        </PageBody>
      </Page>
    )
  if (!data)
    return (
      <Page>
        <PageHead title={t('smsFormsTitle')} />
        <PageBody>
          <div className={styles.loading}>
            <Spinner size="large" />
          </div>
        </PageBody>
      </Page>
    )
  const disclosure = t('smsDisclosure', { company: data.companyName })
  const chosen = formId || data.forms[0]?.id || ''
  return (
    <Page>
      <PageHead title={t('smsFormsTitle')} description={t('smsFormsDescription')} />
      <PageBody>
        <ol className={styles.steps}>
          <li>
            <Card
              title={t('smsStepSending')}
              actions={
                data.smsConfigured ? (
                  <Badge variant="success">{t('smsReady')}</Badge>
                ) : (
                  <Badge variant="warning">{t('smsNotReady')}</Badge>
                )
              }
            >
              <p className={styles.help}>
                {data.smsConfigured ? t('smsReadyHelp', { sender: data.senderNumber ?? '' }) : t('smsNotReadyHelp')}
              </p>
              <LinkButton href="/settings/sms">{t('smsOpenSettings')}</LinkButton>
            </Card>
          </li>
          <li>
            <Card title={t('smsStepConsent')}>
              <p className={styles.help}>{t('smsConsentHelp')}</p>
              <CodeSnippet code={disclosure} label={t('smsStepConsent')} testId="sms-disclosure" />
              {data.helpText && <p className={styles.help}>{t('smsHelpReply', { text: data.helpText })}</p>}
            </Card>
          </li>
          <li>
            <Card title={t('smsStepForm')}>
              <p className={styles.help}>{t('smsStepFormHelp')}</p>
              <div className={styles.form}>
                {data.forms.length > 0 && (
                  <>
                    <Select
                      label={t('smsPickForm')}
                      name="form"
                      value={chosen}
                      onChange={(e) => setFormId(e.target.value)}
                      data-testid="sms-form-pick"
                      options={data.forms.map((f) => ({ value: f.id, label: f.name }))}
                    />
                    <div className={styles.footer}>
                      <LinkButton
                        variant="primary"
                        href={`/forms/${encodeURIComponent(chosen)}`}
                        data-testid="sms-open-form"
                      >
                        {t('smsOpenEditor')}
                      </LinkButton>
                    </div>
                  </>
                )}
                <div className={styles.footer}>
                  <LinkButton
                    href={createFormHref('sms_two_step')}
                    variant={data.forms.length ? 'secondary' : 'primary'}
                    data-testid="sms-new-form"
                  >
                    {t('smsNewForm')}
                  </LinkButton>
                </div>
              </div>
            </Card>
          </li>
        </ol>
      </PageBody>
    </Page>
  )
}
