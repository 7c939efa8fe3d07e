'use client'
// /mobile-in-app-editor/{messageId}: an in-app message the mobile SDK shows — a banner or modal
// (title, body, image, up to two buttons with deep links), its audience (a list or segment, or
// everyone), its window and status (draft or live) — with a preview drawn from the definition.
import { useState } from 'react'
import useSWR, { type KeyedMutator } from 'swr'
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
import type { InAppMessageView } from '@/lib/mobile/in-app-messages'
import type { InAppDefinition } from '@/lib/mobile/in-app-definition'
import styles from './mobile-editor.module.css'

type Loaded = { message: InAppMessageView }
type Groups = Array<{ id: string; name: string; type: number }>

export function InAppEditorScreen({ messageId }: { messageId: string }) {
  const t = useTranslations('inAppEditor')
  return (
    <SettingsLoader<Loaded>
      url={`/ajax/mobile/in-app/${encodeURIComponent(messageId)}`}
      title={t('title')}
      loadError={t('loadError')}
      loadingClassName={styles.loading}
    >
      {(data, mutate) => <InAppEditorForm data={data} mutate={mutate} />}
    </SettingsLoader>
  )
}

const localInput = (iso: string | null) => (iso ? iso.slice(0, 16) : '')
const toIso = (v: string) => (v ? new Date(v).toISOString() : null)

function InAppEditorForm({ data, mutate }: { data: Loaded; mutate: KeyedMutator<Loaded> }) {
  const t = useTranslations('inAppEditor')
  const toast = useToast()
  const canEdit = usePermission('templates_write')
  const m = data.message
  const [name, setName] = useState(m.name)
  const [def, setDef] = useState<InAppDefinition>(m.definition)
  const [status, setStatus] = useState(m.status)
  const [audienceId, setAudienceId] = useState(m.audienceId ?? '')
  const [startsAt, setStartsAt] = useState(localInput(m.startsAt))
  const [endsAt, setEndsAt] = useState(localInput(m.endsAt))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const groups = useSWR<Groups>('/ajax/lists/simple', (u: string) => http.get<Groups>(u).then((r) => r.data))
  const audienceOptions = [
    { value: '', label: t('audienceAll') },
    ...(groups.data ?? []).map((g) => ({
      value: g.id,
      label: t(g.type === 1 ? 'audienceSegment' : 'audienceList', { name: g.name }),
    })),
    ...(m.audienceId && !(groups.data ?? []).some((g) => g.id === m.audienceId)
      ? [{ value: m.audienceId, label: m.audienceName ?? m.audienceId }]
      : []),
  ]

  async function save() {
    setBusy(true)
    setErrors({})
    try {
      await http.put(`/ajax/mobile/in-app/${encodeURIComponent(m.id)}`, {
        name,
        definition: def,
        status,
        audienceId: audienceId || null,
        startsAt: toIso(startsAt),
        endsAt: toIso(endsAt),
      })
      await mutate()
      toast.show({ variant: 'success', content: t('saved') })
    } catch (e) {
      const f = readHttpFailure(e)
      setErrors(Object.keys(f.fieldErrors).length ? f.fieldErrors : { _form: f.message ?? t('saveError') })
    } finally {
      setBusy(false)
    }
  }

  const setButton = (i: number, patch: Partial<InAppDefinition['buttons'][number]>) =>
    setDef({ ...def, buttons: def.buttons.map((b, j) => (j === i ? { ...b, ...patch } : b)) })

  return (
    <Page>
      <PageHead title={m.name} description={t('description')} />
      <PageBody>
        <div className={styles.layout}>
          <Card title={t('contentTitle')}>
            <fieldset disabled={!canEdit} className={styles.form} data-testid="in-app-form">
              <TextField
                label={t('name')}
                name="name"
                value={name}
                error={errors.name}
                onChange={(e) => setName(e.target.value)}
              />
              <div className={styles.grid}>
                <Select
                  label={t('layout')}
                  name="layout"
                  value={def.layout}
                  options={[
                    { value: 'modal', label: t('layoutModal') },
                    { value: 'banner', label: t('layoutBanner') },
                  ]}
                  onChange={(e) => setDef({ ...def, layout: e.target.value as InAppDefinition['layout'] })}
                />
                <Select
                  label={t('status')}
                  name="status"
                  value={status}
                  options={[
                    { value: 'draft', label: t('statusDraft') },
                    { value: 'live', label: t('statusLive') },
                  ]}
                  onChange={(e) => setStatus(e.target.value as InAppMessageView['status'])}
                />
              </div>
              <TextField
                label={t('titleField')}
                name="title"
                value={def.title}
                error={errors['definition.title']}
                onChange={(e) => setDef({ ...def, title: e.target.value })}
              />
              <label className={styles.label} htmlFor="in-app-body">
                {t('body')}
              </label>
              <textarea
                id="in-app-body"
                className={styles.textarea}
                value={def.body}
                onChange={(e) => setDef({ ...def, body: e.target.value })}
              />
              <TextField
                label={t('image')}
                name="imageUrl"
                value={def.imageUrl}
                placeholder="https://"
                error={errors['definition.imageUrl']}
                onChange={(e) => setDef({ ...def, imageUrl: e.target.value })}
              />
              {def.buttons.map((b, i) => (
                <div className={styles.row} key={i}>
                  <TextField
                    label={t('buttonLabel', { n: i + 1 })}
                    name={`button-${i}-label`}
                    value={b.label}
                    error={errors[`definition.buttons.${i}.label`]}
                    onChange={(e) => setButton(i, { label: e.target.value })}
                  />
                  <TextField
                    label={t('buttonLink')}
                    name={`button-${i}-link`}
                    value={b.deepLink}
                    placeholder="myshop://sale"
                    error={errors[`definition.buttons.${i}.deepLink`]}
                    onChange={(e) => setButton(i, { deepLink: e.target.value })}
                  />
                  <Button
                    variant="secondary"
                    onClick={() => setDef({ ...def, buttons: def.buttons.filter((_, j) => j !== i) })}
                  >
                    {t('removeButton')}
                  </Button>
                </div>
              ))}
              {def.buttons.length < 2 && (
                <div className={styles.actions}>
                  <Button
                    variant="secondary"
                    onClick={() => setDef({ ...def, buttons: [...def.buttons, { label: '', deepLink: '' }] })}
                  >
                    {t('addButton')}
                  </Button>
                </div>
              )}
              <Select
                label={t('audience')}
                name="audienceId"
                value={audienceId}
                error={errors.audienceId}
                options={audienceOptions}
                onChange={(e) => setAudienceId(e.target.value)}
              />
              <div className={styles.grid}>
                <TextField
                  label={t('startsAt')}
                  name="startsAt"
                  type="datetime-local"
                  value={startsAt}
                  error={errors.startsAt}
                  onChange={(e) => setStartsAt(e.target.value)}
                />
                <TextField
                  label={t('endsAt')}
                  name="endsAt"
                  type="datetime-local"
                  value={endsAt}
                  error={errors.endsAt}
                  onChange={(e) => setEndsAt(e.target.value)}
                />
              </div>
              <div className={styles.actions}>
                <Button variant="primary" loading={busy} onClick={() => void save()}>
                  {t('save')}
                </Button>
              </div>
              {errors._form && <FormError>{errors._form}</FormError>}
            </fieldset>
          </Card>
          <Card title={t('previewTitle')}>
            <div className={styles.phone} data-testid="in-app-preview">
              <div className={def.layout === 'modal' ? styles.modal : styles.banner}>
                {/* eslint-disable-next-line @next/next/no-img-element -- the remote image the SDK loads */}
                {def.imageUrl && def.layout === 'modal' && <img src={def.imageUrl} alt="" />}
                <div className={styles.notifTitle}>{def.title}</div>
                <div className={styles.notifBody}>{def.body}</div>
                <div className={styles.actions}>
                  {def.buttons.map((b, i) => (
                    <Button key={i} variant={i === 0 ? 'primary' : 'secondary'} size="small">
                      {b.label || t('buttonLabel', { n: i + 1 })}
                    </Button>
                  ))}
                </div>
              </div>
            </div>
            <p className={styles.help}>{t('sdkHelp')}</p>
          </Card>
        </div>
      </PageBody>
    </Page>
  )
}
