'use client'
// /push-editor/{messageId}: a campaign's or flow's push message — title, body, image, open action
// (home or a deep link), badge (increment, set a count, set from a profile property) and type
// (standard or silent) — with its preview in iOS and Android frames rendered by the server for a
// chosen profile, and a test send to one of that profile's registered devices.
import { useState } from 'react'
import type { KeyedMutator } from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Button } from '@/components/ui/button'
import { FormError } from '@/components/ui/form-error'
import { readHttpFailure } from '@/components/auth/http-failure'
import { SettingsLoader } from '@/components/settings/settings-form-screen'
import type { PushMessageView } from '@/lib/mobile/push-message'
import type { previewPush } from '@/lib/mobile/preview-push'
import { PushPreviewFrames } from './push-preview-frames'
import { PushTestSend } from './push-test-send'
import styles from './mobile-editor.module.css'

type Loaded = { message: PushMessageView }
export type PushPreview = Awaited<ReturnType<typeof previewPush>>

export function PushEditorScreen({ messageId }: { messageId: string }) {
  const t = useTranslations('pushEditor')
  return (
    <SettingsLoader<Loaded>
      url={`/ajax/push/messages/${encodeURIComponent(messageId)}`}
      title={t('title')}
      loadError={t('loadError')}
      loadingClassName={styles.loading}
    >
      {(data, mutate) => <PushEditorForm data={data} mutate={mutate} />}
    </SettingsLoader>
  )
}

type Form = Omit<PushMessageView, 'id' | 'source' | 'parentId' | 'name' | 'updatedAt'>

function PushEditorForm({ data, mutate }: { data: Loaded; mutate: KeyedMutator<Loaded> }) {
  const t = useTranslations('pushEditor')
  const toast = useToast()
  const m = data.message
  const canCampaign = usePermission('campaigns_write')
  const canFlow = usePermission('flows_content_write')
  const canEdit = m.source === 'flow' ? canFlow : canCampaign
  const [form, setForm] = useState<Form>({
    title: m.title,
    body: m.body,
    imageUrl: m.imageUrl,
    openAction: m.openAction,
    badgeAction: m.badgeAction,
    notificationType: m.notificationType,
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const [preview, setPreview] = useState<PushPreview | null>(null)
  const [profileId, setProfileId] = useState<string | null>(null)
  const url = `/ajax/push/messages/${encodeURIComponent(m.id)}`

  async function refreshPreview(pid = profileId) {
    try {
      setPreview((await http.post<PushPreview>(`${url}/preview`, { profileId: pid })).data)
    } catch (e) {
      setErrors({ _form: readHttpFailure(e).message ?? t('previewError') })
    }
  }

  async function save() {
    setBusy(true)
    setErrors({})
    try {
      await http.put(url, form)
      await mutate()
      toast.show({ variant: 'success', content: t('saved') })
      await refreshPreview()
    } catch (e) {
      const f = readHttpFailure(e)
      setErrors(Object.keys(f.fieldErrors).length ? f.fieldErrors : { _form: f.message ?? t('saveError') })
    } finally {
      setBusy(false)
    }
  }

  const open = form.openAction
  const badge = form.badgeAction
  return (
    <Page>
      <PageHead title={m.name || t('title')} description={t(m.source === 'flow' ? 'fromFlow' : 'fromCampaign')} />
      <PageBody>
        <div className={styles.layout}>
          <div className={styles.stack}>
            <Card title={t('contentTitle')}>
              <fieldset disabled={!canEdit} className={styles.form} data-testid="push-editor-form">
                <Select
                  label={t('type')}
                  name="notificationType"
                  value={form.notificationType}
                  error={errors.notificationType}
                  options={[
                    { value: 'standard', label: t('typeStandard') },
                    { value: 'silent', label: t('typeSilent') },
                  ]}
                  onChange={(e) => setForm({ ...form, notificationType: e.target.value as Form['notificationType'] })}
                />
                <TextField
                  label={t('titleField')}
                  name="title"
                  value={form.title}
                  error={errors.title}
                  hint={t('variablesHint', { example: '{{ first_name }}' })}
                  onChange={(e) => setForm({ ...form, title: e.target.value })}
                />
                <label className={styles.label} htmlFor="push-body">
                  {t('body')}
                </label>
                <textarea
                  id="push-body"
                  name="body"
                  className={styles.textarea}
                  value={form.body}
                  aria-invalid={!!errors.body}
                  onChange={(e) => setForm({ ...form, body: e.target.value })}
                />
                {errors.body && <span className={styles.fieldError}>{errors.body}</span>}
                <TextField
                  label={t('image')}
                  name="imageUrl"
                  value={form.imageUrl}
                  error={errors.imageUrl}
                  placeholder="https://"
                  onChange={(e) => setForm({ ...form, imageUrl: e.target.value })}
                />
                <div className={styles.grid}>
                  <Select
                    label={t('onOpen')}
                    name="openAction"
                    value={open.type}
                    options={[
                      { value: 'home', label: t('openHome') },
                      { value: 'deep_link', label: t('openDeepLink') },
                    ]}
                    onChange={(e) =>
                      setForm({
                        ...form,
                        openAction: e.target.value === 'deep_link' ? { type: 'deep_link', url: '' } : { type: 'home' },
                      })
                    }
                  />
                  {open.type === 'deep_link' && (
                    <TextField
                      label={t('deepLink')}
                      name="deepLink"
                      value={open.url}
                      error={errors['openAction.url']}
                      placeholder="myshop://cart"
                      onChange={(e) => setForm({ ...form, openAction: { type: 'deep_link', url: e.target.value } })}
                    />
                  )}
                </div>
                <div className={styles.grid}>
                  <Select
                    label={t('badge')}
                    name="badgeAction"
                    value={badge.type}
                    options={[
                      { value: 'none', label: t('badgeNone') },
                      { value: 'increment', label: t('badgeIncrement') },
                      { value: 'set_count', label: t('badgeSetCount') },
                      { value: 'set_property', label: t('badgeSetProperty') },
                    ]}
                    onChange={(e) => {
                      const v = e.target.value
                      setForm({
                        ...form,
                        badgeAction:
                          v === 'set_count'
                            ? { type: 'set_count', count: 0 }
                            : v === 'set_property'
                              ? { type: 'set_property', property: '' }
                              : { type: v as 'none' | 'increment' },
                      })
                    }}
                  />
                  {badge.type === 'set_count' && (
                    <TextField
                      label={t('badgeCount')}
                      name="badgeCount"
                      type="number"
                      min={0}
                      value={String(badge.count)}
                      error={errors['badgeAction.count']}
                      onChange={(e) =>
                        setForm({ ...form, badgeAction: { type: 'set_count', count: Number(e.target.value) } })
                      }
                    />
                  )}
                  {badge.type === 'set_property' && (
                    <TextField
                      label={t('badgeProperty')}
                      name="badgeProperty"
                      value={badge.property}
                      error={errors['badgeAction.property']}
                      onChange={(e) =>
                        setForm({ ...form, badgeAction: { type: 'set_property', property: e.target.value } })
                      }
                    />
                  )}
                </div>
                <div className={styles.actions}>
                  <Button variant="primary" loading={busy} onClick={() => void save()} data-testid="save-push">
                    {t('save')}
                  </Button>
                  <Button variant="secondary" onClick={() => void refreshPreview()}>
                    {t('refreshPreview')}
                  </Button>
                </div>
                {errors._form && <FormError>{errors._form}</FormError>}
              </fieldset>
            </Card>
            <PushTestSend
              messageId={m.id}
              canSend={canEdit}
              onProfile={(pid) => {
                setProfileId(pid)
                void refreshPreview(pid)
              }}
            />
          </div>
          <Card title={t('previewTitle')}>
            <PushPreviewFrames preview={preview} onLoad={() => void refreshPreview()} />
          </Card>
        </div>
      </PageBody>
    </Page>
  )
}
