'use client'
// /settings/push-notifications: the FCM service account (uploaded as its JSON file, validated on
// the server and stored sealed; the project id and service account are shown), the devices
// registered by the mobile SDK, and a test push to one device token.
import { useRef, useState, type FormEvent } from 'react'
import type { KeyedMutator } from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { Card } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { FormError } from '@/components/ui/form-error'
import { readHttpFailure } from '@/components/auth/http-failure'
import type { pushSetupStatus } from '@/lib/messaging/push/push-setup'
import { SettingsLoader, SettingsPage } from './settings-form-screen'
import { ApnsKeyCard } from '@/components/mobile/apns-key-card'
import { InAppMessagesCard } from '@/components/mobile/in-app-messages-card'
import styles from './push-settings.module.css'
import screen from '@/components/ui/form-screen.module.css'
import { ConnectionCard } from './connection-card'

export const PUSH_STATUS_KEY = '/ajax/push/setup-status'
type Status = Awaited<ReturnType<typeof pushSetupStatus>>
type TestResult = { ok: true; messageName: string } | { ok: false; kind: string; error: string }

export function PushSettingsScreen() {
  const t = useTranslations('pushSettings')
  return (
    <SettingsLoader<Status>
      url={PUSH_STATUS_KEY}
      title={t('title')}
      loadError={t('loadError')}
      loadingClassName={screen.loading}
    >
      {(data, mutate) => <PushSettingsPanel data={data} mutate={mutate} />}
    </SettingsLoader>
  )
}

function PushSettingsPanel({ data, mutate }: { data: Status; mutate: KeyedMutator<Status> }) {
  const t = useTranslations('pushSettings')
  const format = useFormatter()
  const toast = useToast()
  const canEdit = usePermission(['account_settings_write'])
  const fileRef = useRef<HTMLInputElement>(null)
  const [uploadError, setUploadError] = useState<string | null>(null)
  const [uploading, setUploading] = useState(false)
  const [removing, setRemoving] = useState(false)
  const [test, setTest] = useState({ token: '', title: t('testTitleDefault'), body: t('testBodyDefault') })
  const [testErrors, setTestErrors] = useState<Record<string, string>>({})
  const [testBusy, setTestBusy] = useState(false)
  const [testResult, setTestResult] = useState<TestResult | null>(null)

  async function upload(file: File | undefined) {
    if (!file) return
    setUploadError(null)
    setUploading(true)
    try {
      const text = await file.text()
      await http.put('/ajax/push/settings', { serviceAccountJson: text })
      await mutate()
      toast.show({ variant: 'success', content: t('uploaded') })
    } catch (e) {
      const f = readHttpFailure(e)
      setUploadError(f.fieldErrors.serviceAccountJson ?? f.message ?? t('uploadError'))
    } finally {
      setUploading(false)
      if (fileRef.current) fileRef.current.value = ''
    }
  }

  async function remove() {
    setRemoving(true)
    try {
      await http.delete('/ajax/push/settings')
      await mutate()
      toast.show({ variant: 'success', content: t('removed') })
    } catch {
      toast.show({ variant: 'error', content: t('removeError') })
    } finally {
      setRemoving(false)
    }
  }

  async function sendTest(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    setTestBusy(true)
    setTestErrors({})
    setTestResult(null)
    try {
      const res = await http.post<TestResult>('/ajax/push/send-test', test)
      setTestResult(res.data)
    } catch (err) {
      const f = readHttpFailure(err)
      setTestErrors(Object.keys(f.fieldErrors).length ? f.fieldErrors : { _form: f.message ?? t('testError') })
    } finally {
      setTestBusy(false)
    }
  }

  const s = data.settings

  return (
    <SettingsPage title={t('title')} description={t('description')}>
      {!s.configured && <Notification variant="warning">{t('notConfigured')}</Notification>}
      <ConnectionCard
        title={t('fcmTitle')}
        connected={s.configured}
        labels={{ connected: t('connected'), notConnected: t('notConnected') }}
        help={t('fcmHelp')}
      >
        {s.configured && (
          <dl className={styles.facts} data-testid="push-project">
            <dt>{t('projectId')}</dt>
            <dd className={styles.code}>{s.projectId}</dd>
            <dt>{t('serviceAccount')}</dt>
            <dd className={styles.code}>{s.clientEmail}</dd>
            {s.updatedAt && (
              <>
                <dt>{t('updatedAt')}</dt>
                <dd>{format.dateTime(new Date(s.updatedAt), { dateStyle: 'medium', timeStyle: 'short' })}</dd>
              </>
            )}
          </dl>
        )}
        {canEdit && (
          <div className={styles.actions}>
            <input
              ref={fileRef}
              className={styles.visuallyHidden}
              type="file"
              accept="application/json,.json"
              data-testid="service-account-file"
              aria-label={t('chooseFile')}
              tabIndex={-1}
              onChange={(e) => void upload(e.target.files?.[0])}
            />
            <Button variant="primary" loading={uploading} onClick={() => fileRef.current?.click()}>
              {s.configured ? t('replaceFile') : t('uploadFile')}
            </Button>
            {s.configured && (
              <Button variant="danger" loading={removing} onClick={() => void remove()}>
                {t('remove')}
              </Button>
            )}
          </div>
        )}
        {uploadError && <FormError>{uploadError}</FormError>}
      </ConnectionCard>

      <ApnsKeyCard apns={data.apns} canEdit={canEdit} onChange={() => void mutate()} />

      <InAppMessagesCard />

      <Card title={t('devicesTitle')}>
        <div className={screen.form}>
          <p className={screen.help}>{t('devicesHelp')}</p>
          <dl className={styles.facts}>
            <dt>{t('activeTokens')}</dt>
            <dd data-testid="active-tokens">{format.number(data.tokens.active)}</dd>
            <dt>{t('unregisteredTokens')}</dt>
            <dd>{format.number(data.tokens.total - data.tokens.active)}</dd>
            {data.platforms.map((p) => (
              <FragmentRow
                key={`${p.platform}-${p.vendor}`}
                label={t('platformRow', { platform: p.platform, vendor: p.vendor.toUpperCase() })}
                value={format.number(p.count)}
              />
            ))}
          </dl>
          <p className={screen.help}>{t('sdkEndpoints')}</p>
          <code className={styles.code}>
            POST /client/push-tokens · POST /client/push-token-unregister · POST /client/push-opens
          </code>
        </div>
      </Card>

      <Card title={t('testCardTitle')}>
        <form className={screen.form} onSubmit={sendTest} noValidate data-testid="push-test-form">
          <fieldset disabled={!canEdit || !s.configured} className={`${screen.form} ${screen.fieldset}`}>
            <TextField
              label={t('testToken')}
              name="token"
              autoComplete="off"
              value={test.token}
              error={testErrors.token}
              hint={t('testTokenHint')}
              onChange={(e) => setTest({ ...test, token: e.target.value })}
            />
            <div className={styles.grid}>
              <TextField
                label={t('testTitle')}
                name="title"
                value={test.title}
                error={testErrors.title}
                onChange={(e) => setTest({ ...test, title: e.target.value })}
              />
              <TextField
                label={t('testBody')}
                name="body"
                value={test.body}
                error={testErrors.body}
                onChange={(e) => setTest({ ...test, body: e.target.value })}
              />
            </div>
            <div className={styles.actions}>
              <Button type="submit" variant="secondary" loading={testBusy} data-testid="send-test-push">
                {t('sendTest')}
              </Button>
              {!s.configured && <span className={screen.help}>{t('testNeedsSetup')}</span>}
            </div>
          </fieldset>
          {testErrors._form && <FormError>{testErrors._form}</FormError>}
          {testResult &&
            (testResult.ok ? (
              <Notification variant="success">{t('testSent', { name: testResult.messageName })}</Notification>
            ) : (
              <Notification variant="error">
                {t(testResult.kind === 'invalid_token' ? 'testInvalidToken' : 'testFailed', {
                  error: testResult.error,
                })}
              </Notification>
            ))}
        </form>
      </Card>
    </SettingsPage>
  )
}

function FragmentRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  )
}
