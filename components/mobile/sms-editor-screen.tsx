'use client'
// /sms-editor/{messageId}: a campaign's or flow's SMS body with template variables, its preview
// for a chosen profile (or a sample one) with the segment count and the cost at the company's
// rate, and a test text to a phone number.
import { useState } from 'react'
import useSWR from 'swr'
import type { KeyedMutator } from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { FormError } from '@/components/ui/form-error'
import { readHttpFailure } from '@/components/auth/http-failure'
import { SettingsLoader } from '@/components/settings/settings-form-screen'
import type { SmsMessageView, previewSmsMessage } from '@/lib/mobile/sms-message'
import { TestRecipientOptions } from '@/components/settings/test-recipient-options'
import styles from './mobile-editor.module.css'

type Loaded = { message: SmsMessageView }
type Preview = Awaited<ReturnType<typeof previewSmsMessage>>

const VARIABLES = ['{{ first_name }}', '{{ last_name }}', '{{ organization.name }}', '{% unsubscribe %}']

export function SmsEditorScreen({ messageId }: { messageId: string }) {
  const t = useTranslations('smsEditor')
  return (
    <SettingsLoader<Loaded>
      url={`/ajax/sms/messages/${encodeURIComponent(messageId)}`}
      title={t('title')}
      loadError={t('loadError')}
      loadingClassName={styles.loading}
    >
      {(data, mutate) => <SmsEditorForm data={data} mutate={mutate} />}
    </SettingsLoader>
  )
}

function SmsEditorForm({ data, mutate }: { data: Loaded; mutate: KeyedMutator<Loaded> }) {
  const t = useTranslations('smsEditor')
  const format = useFormatter()
  const toast = useToast()
  const m = data.message
  const canCampaign = usePermission('campaigns_write')
  const canFlow = usePermission('flows_content_write')
  const canEdit = m.source === 'flow' ? canFlow : canCampaign
  const url = `/ajax/sms/messages/${encodeURIComponent(m.id)}`
  const [body, setBody] = useState(m.body)
  const [recipients, setRecipients] = useState('1000')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [estimateFor, setEstimateFor] = useState(1000)
  // the preview follows the saved body: revalidated after each save
  const previewState = useSWR<Preview>([`${url}/preview`, estimateFor], ([u, n]: [string, number]) =>
    http.post<Preview>(u, { recipients: n }).then((r) => r.data),
  )
  const preview = previewState.data ?? null
  const [to, setTo] = useState('')
  const [testError, setTestError] = useState<string | null>(null)
  const [testSent, setTestSent] = useState<{ sid: string } | null>(null)

  async function refresh() {
    setEstimateFor(Number(recipients) || 1)
    await previewState.mutate()
  }

  async function save() {
    setBusy(true)
    setError(null)
    try {
      await http.put(url, { body })
      await mutate()
      toast.show({ variant: 'success', content: t('saved') })
      await refresh()
    } catch (e) {
      const f = readHttpFailure(e)
      setError(f.fieldErrors.body ?? f.message ?? t('saveError'))
    } finally {
      setBusy(false)
    }
  }

  async function sendTest() {
    setTestError(null)
    setTestSent(null)
    try {
      setTestSent((await http.post<{ sid: string }>(`${url}/send-test`, { to })).data)
    } catch (e) {
      const f = readHttpFailure(e)
      setTestError(f.fieldErrors.to ?? f.message ?? t('testError'))
    }
  }

  const est = preview?.estimate
  return (
    <Page>
      <PageHead title={m.name || t('title')} description={t(m.source === 'flow' ? 'fromFlow' : 'fromCampaign')} />
      <PageBody>
        <div className={styles.layout}>
          <div className={styles.stack}>
            <Card title={t('bodyTitle')}>
              <fieldset disabled={!canEdit} className={styles.form}>
                <label className={styles.label} htmlFor="sms-body">
                  {t('body')}
                </label>
                <textarea
                  id="sms-body"
                  className={styles.textarea}
                  value={body}
                  aria-invalid={!!error}
                  data-testid="sms-body"
                  onChange={(e) => setBody(e.target.value)}
                />
                <div className={styles.actions}>
                  {VARIABLES.map((v) => (
                    <Button key={v} variant="secondary" size="small" onClick={() => setBody(`${body}${v}`)}>
                      {v}
                    </Button>
                  ))}
                </div>
                <div className={styles.actions}>
                  <Button variant="primary" loading={busy} onClick={() => void save()}>
                    {t('save')}
                  </Button>
                </div>
                {error && <FormError>{error}</FormError>}
              </fieldset>
            </Card>
            <Card title={t('testTitle')}>
              <div className={styles.row}>
                <TextField
                  label={t('testTo')}
                  name="to"
                  value={to}
                  placeholder="+15005550006"
                  list="sms-test-recipients"
                  onChange={(e) => setTo(e.target.value)}
                />
                <TestRecipientOptions id="sms-test-recipients" kind="phone" />
                <Button variant="secondary" disabled={!canEdit} onClick={() => void sendTest()}>
                  {t('testSend')}
                </Button>
              </div>
              {testError && <FormError>{testError}</FormError>}
              {testSent && <Notification variant="success">{t('testSent', { sid: testSent.sid })}</Notification>}
            </Card>
          </div>
          <Card title={t('previewTitle')}>
            <div className={styles.frames}>
              <div className={styles.phone}>
                {previewState.error && <FormError>{t('previewError')}</FormError>}
                <div className={styles.bubble} data-testid="sms-preview">
                  {preview ? preview.text : t('previewEmpty')}
                </div>
              </div>
              {est && (
                <div className={styles.form}>
                  <div className={styles.meta}>
                    {t('segments', { segments: est.segments, encoding: est.encoding, characters: est.characters })}
                  </div>
                  {est.overLimit && (
                    <Notification variant="warning">{t('overLimit', { max: est.maxSegments })}</Notification>
                  )}
                  <TextField
                    label={t('recipients')}
                    name="recipients"
                    type="number"
                    min={1}
                    value={recipients}
                    onChange={(e) => setRecipients(e.target.value)}
                    onBlur={() => void refresh()}
                  />
                  <div className={styles.meta}>
                    {t('cost', {
                      perMessage: format.number(est.costPerMessage, { style: 'currency', currency: est.currency }),
                      total: format.number(est.totalCost, { style: 'currency', currency: est.currency }),
                    })}
                  </div>
                </div>
              )}
            </div>
          </Card>
        </div>
      </PageBody>
    </Page>
  )
}
