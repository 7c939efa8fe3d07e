'use client'
// /cdp/webhooks/create and /cdp/webhooks/{webhookId}/edit: name, description, endpoint URL,
// topics and (edit) on/off; the signing secret is shown once, when it is created or rotated;
// the edit screen adds the delivery log and deleting.
import { useState, type FormEvent } from 'react'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { Button, LinkButton } from '@/components/ui/button'
import { Modal } from '@/components/ui/modal'
import { Notification } from '@/components/ui/notification'
import { FormError } from '@/components/ui/form-error'
import { readHttpFailure } from '@/components/auth/http-failure'
import { SettingsLoader } from '@/components/settings/settings-form-screen'
import { WebhookTopicsField } from './webhook-topics-field'
import { WebhookDeliveriesCard } from './webhook-deliveries-card'
import type { TopicDto, WebhookDto } from './types'
import styles from './webhooks.module.css'
import screen from '@/components/ui/form-screen.module.css'

type Loaded = { webhook?: WebhookDto; topics: TopicDto[] }

export function WebhookFormScreen({ webhookId }: { webhookId?: string }) {
  const t = useTranslations('webhooks')
  const key = webhookId ? `/ajax/webhooks/${webhookId}` : '/ajax/webhooks'
  return (
    <SettingsLoader<Loaded>
      url={key}
      title={webhookId ? t('editTitle') : t('createTitle')}
      loadError={t('loadError')}
      notFound={t('notFound')}
      loadingClassName={screen.loading}
    >
      {(data, mutate) => (
        <WebhookForm
          key={data.webhook?.updatedAt ?? 'new'}
          webhook={webhookId ? data.webhook : undefined}
          topics={data.topics}
          onSaved={() => void mutate()}
        />
      )}
    </SettingsLoader>
  )
}

function WebhookForm({ webhook, topics, onSaved }: { webhook?: WebhookDto; topics: TopicDto[]; onSaved: () => void }) {
  const t = useTranslations('webhooks')
  const tc = useTranslations('common')
  const router = useRouter()
  const toast = useToast()
  const canWrite = usePermission(['integrations_write'])
  const [form, setForm] = useState({
    name: webhook?.name ?? '',
    description: webhook?.description ?? '',
    endpointUrl: webhook?.endpointUrl ?? '',
    enabled: webhook?.enabled ?? true,
    topics: webhook?.topics ?? [],
    secretKey: '',
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const [secret, setSecret] = useState<{ value: string; thenGo?: string } | null>(null)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [copied, setCopied] = useState(false)

  const fieldError = (f: Record<string, string>) => ({
    name: f.name,
    description: f.description,
    endpointUrl: f.endpoint_url ?? f.endpointUrl,
    secretKey: f.secret_key ?? f.secretKey,
    topics: f['webhook-topics'] ?? f.topics,
  })

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const local: Record<string, string> = {}
    if (!form.name.trim()) local.name = t('nameRequired')
    if (!form.endpointUrl.trim()) local.endpointUrl = t('endpointRequired')
    if (!form.topics.length) local.topics = t('topicsRequired')
    setErrors(local)
    if (Object.keys(local).length) return
    setBusy(true)
    try {
      const body = {
        name: form.name,
        description: form.description || null,
        endpointUrl: form.endpointUrl,
        enabled: form.enabled,
        topics: form.topics,
      }
      if (webhook) {
        await http.patch(`/ajax/webhooks/${webhook.id}`, body)
        toast.show({ variant: 'success', content: t('saved') })
        onSaved()
      } else {
        const res = await http.post<{ webhook: WebhookDto; secretKey: string }>('/ajax/webhooks', {
          ...body,
          ...(form.secretKey ? { secretKey: form.secretKey } : {}),
        })
        setSecret({ value: res.data.secretKey, thenGo: `/cdp/webhooks/${res.data.webhook.id}/edit` })
      }
    } catch (err) {
      const f = readHttpFailure(err)
      const fe = fieldError(f.fieldErrors)
      const any = Object.values(fe).some(Boolean)
      setErrors(
        any
          ? (Object.fromEntries(Object.entries(fe).filter(([, v]) => v)) as Record<string, string>)
          : { _form: f.message ?? t('saveError') },
      )
    } finally {
      setBusy(false)
    }
  }

  async function rotate() {
    if (!webhook) return
    setBusy(true)
    try {
      const res = await http.patch<{ secretKey: string }>(`/ajax/webhooks/${webhook.id}`, { rotateSecret: true })
      setSecret({ value: res.data.secretKey })
    } catch {
      setErrors({ _form: t('rotateError') })
    } finally {
      setBusy(false)
    }
  }

  async function remove() {
    if (!webhook) return
    setBusy(true)
    try {
      await http.delete(`/ajax/webhooks/${webhook.id}`)
      toast.show({ variant: 'success', content: t('deleted', { name: webhook.name }) })
      router.push('/cdp/webhooks')
    } catch {
      setErrors({ _form: t('deleteError') })
      setConfirmDelete(false)
    } finally {
      setBusy(false)
    }
  }

  function closeSecret() {
    const go = secret?.thenGo
    setSecret(null)
    setCopied(false)
    if (go) router.push(go)
  }

  return (
    <Page>
      <PageHead
        title={webhook ? webhook.name : t('createTitle')}
        description={t('formDescription')}
        actions={<LinkButton href="/cdp/webhooks">{t('backToList')}</LinkButton>}
      />
      <PageBody>
        <div className={screen.stack}>
          <form className={screen.stack} onSubmit={submit} noValidate data-testid="webhook-form">
            <fieldset disabled={!canWrite} className={`${screen.fieldset} ${screen.stack}`}>
              <Card title={t('detailsTitle')}>
                <div className={screen.form}>
                  <div className={screen.grid}>
                    <TextField
                      label={t('name')}
                      name="name"
                      maxLength={255}
                      value={form.name}
                      error={errors.name}
                      onChange={(e) => setForm({ ...form, name: e.target.value })}
                    />
                    <TextField
                      label={t('descriptionField')}
                      name="description"
                      maxLength={1000}
                      value={form.description}
                      error={errors.description}
                      onChange={(e) => setForm({ ...form, description: e.target.value })}
                    />
                  </div>
                  <TextField
                    label={t('endpointUrl')}
                    name="endpointUrl"
                    type="url"
                    placeholder="https://example.com/webhooks"
                    value={form.endpointUrl}
                    error={errors.endpointUrl}
                    hint={t('endpointHint')}
                    onChange={(e) => setForm({ ...form, endpointUrl: e.target.value })}
                  />
                  {webhook && (
                    <label className={styles.check}>
                      <input
                        type="checkbox"
                        name="enabled"
                        checked={form.enabled}
                        onChange={(e) => setForm({ ...form, enabled: e.target.checked })}
                        data-testid="webhook-enabled"
                      />
                      <span>
                        {t('enabledLabel')}
                        <br />
                        <span className={screen.muted}>{t('enabledHelp')}</span>
                      </span>
                    </label>
                  )}
                </div>
              </Card>
              <Card title={t('topicsTitle')}>
                <WebhookTopicsField
                  topics={topics}
                  value={form.topics}
                  onChange={(v) => setForm({ ...form, topics: v })}
                  error={errors.topics}
                />
              </Card>
              <Card title={t('secretTitle')}>
                <div className={screen.form}>
                  <p className={screen.help}>{t('secretHelp')}</p>
                  <code className={styles.code}>
                    X-Webhook-Signature: v1=hex(HMAC-SHA256(secret, X-Webhook-Timestamp + &quot;.&quot; + body))
                  </code>
                  {webhook ? (
                    <div>
                      <Button onClick={() => void rotate()} disabled={busy} data-testid="rotate-secret">
                        {t('rotateSecret')}
                      </Button>
                    </div>
                  ) : (
                    <TextField
                      label={t('secretKey')}
                      name="secretKey"
                      type="password"
                      autoComplete="new-password"
                      value={form.secretKey}
                      error={errors.secretKey}
                      hint={t('secretKeyHint')}
                      onChange={(e) => setForm({ ...form, secretKey: e.target.value })}
                    />
                  )}
                </div>
              </Card>
            </fieldset>
            {errors._form && <FormError>{errors._form}</FormError>}
            {canWrite && (
              <div className={styles.footer}>
                {webhook && (
                  <Button variant="danger" onClick={() => setConfirmDelete(true)} data-testid="delete-webhook">
                    {t('delete')}
                  </Button>
                )}
                <div className={styles.footerEnd}>
                  <LinkButton href="/cdp/webhooks">{tc('cancel')}</LinkButton>
                  <Button variant="primary" type="submit" loading={busy} data-testid="save-webhook">
                    {webhook ? t('save') : t('createSubmit')}
                  </Button>
                </div>
              </div>
            )}
          </form>
          {webhook && <WebhookDeliveriesCard webhookId={webhook.id} />}
        </div>
        <Modal
          open={!!secret}
          title={t('secretShownTitle')}
          onClose={closeSecret}
          footer={
            <Button variant="primary" onClick={closeSecret} data-testid="secret-done">
              {t('done')}
            </Button>
          }
        >
          <div className={screen.form}>
            <Notification variant="warning">{t('secretShownWarning')}</Notification>
            <div className={styles.secretRow}>
              <TextField
                className={styles.secretField}
                label={t('secretKey')}
                name="shownSecret"
                readOnly
                value={secret?.value ?? ''}
                onFocus={(e) => e.currentTarget.select()}
                data-testid="shown-secret"
              />
              <Button
                onClick={() => {
                  void navigator.clipboard?.writeText(secret?.value ?? '').then(
                    () => setCopied(true),
                    () => setCopied(false),
                  )
                }}
              >
                {copied ? t('copied') : t('copy')}
              </Button>
            </div>
          </div>
        </Modal>
        <Modal
          open={confirmDelete}
          title={t('deleteTitle')}
          onClose={busy ? undefined : () => setConfirmDelete(false)}
          footer={
            <>
              <Button onClick={() => setConfirmDelete(false)} disabled={busy}>
                {tc('cancel')}
              </Button>
              <Button
                variant="danger"
                loading={busy}
                onClick={() => void remove()}
                data-testid="confirm-delete-webhook"
              >
                {t('delete')}
              </Button>
            </>
          }
        >
          <p>{t('deleteBody', { name: webhook?.name ?? '' })}</p>
        </Modal>
      </PageBody>
    </Page>
  )
}
