'use client'
// /get-started/sms-widget-setup: the SMS opt-in widget on the store: the onsite script tag
// once per page, plus the embed placeholder of an SMS form where the widget should appear.
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { LinkButton } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { Spinner } from '@/components/ui/spinner'
import { Notification } from '@/components/ui/notification'
import { CodeSnippet } from './copy-button'
import { createFormHref } from './get-started-forms-create'
import { useSmsSetup } from './use-sms-setup'
import styles from './growth.module.css'

/** The vendor's embed placeholder: the onsite script renders the form into it. */
export const embedPlaceholder = (formId: string) => `<div class="klaviyo-form-${formId}"></div>`

export function GetStartedSmsWidget() {
  const t = useTranslations('growth')
  const { data, error } = useSmsSetup()
  const [formId, setFormId] = useState('')
  if (error)
    return (
      <Page>
        <PageHead title={t('smsWidgetTitle')} />
        <PageBody>
          <Notification variant="error">{t('loadError')}</Notification>
        </PageBody>
      </Page>
    )
  if (!data)
    return (
      <Page>
        <PageHead title={t('smsWidgetTitle')} />
        <PageBody>
          <div className={styles.loading}>
            <Spinner size="large" />
          </div>
        </PageBody>
      </Page>
    )
  const smsForms = data.forms.filter((f) => f.channelType !== 'email')
  const chosen = formId || smsForms[0]?.id || ''
  return (
    <Page>
      <PageHead title={t('smsWidgetTitle')} description={t('smsWidgetDescription')} />
      <PageBody>
        <ol className={styles.steps}>
          <li>
            <Card title={t('widgetStepScript')}>
              <p className={styles.help}>{t('widgetStepScriptHelp')}</p>
              <CodeSnippet code={data.scriptTag} label={t('widgetStepScript')} testId="widget-script" />
            </Card>
          </li>
          <li>
            <Card title={t('widgetStepForm')}>
              {smsForms.length ? (
                <div className={styles.form}>
                  <Select
                    label={t('smsPickForm')}
                    name="form"
                    value={chosen}
                    onChange={(e) => setFormId(e.target.value)}
                    data-testid="widget-form-pick"
                    options={smsForms.map((f) => ({ value: f.id, label: f.name }))}
                  />
                  <p className={styles.help}>{t('widgetStepFormHelp')}</p>
                  <CodeSnippet code={embedPlaceholder(chosen)} label={t('widgetStepForm')} testId="widget-embed" />
                  {smsForms.find((f) => f.id === chosen)?.status !== 'live' && (
                    <Notification variant="warning">{t('widgetNotLive')}</Notification>
                  )}
                </div>
              ) : (
                <div className={styles.form}>
                  <p className={styles.help}>{t('widgetNoForms')}</p>
                  <div className={styles.footer}>
                    <LinkButton variant="primary" href={createFormHref('sms_two_step')}>
                      {t('smsNewForm')}
                    </LinkButton>
                  </div>
                </div>
              )}
            </Card>
          </li>
          <li>
            <Card title={t('widgetStepCheck')}>
              <p className={styles.help}>{t('widgetStepCheckHelp')}</p>
              <LinkButton href="/wizard/web-tracking">{t('checkInstall')}</LinkButton>
            </Card>
          </li>
        </ol>
      </PageBody>
    </Page>
  )
}
