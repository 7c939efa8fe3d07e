'use client'
// /list/{listId}/settings: a list's name and opt-in process (a segment: its name), saved with a
// toast.
import { useState, type FormEvent } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { readHttpFailure } from '@/components/auth/http-failure'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { Button, LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { OptInField } from './opt-in-field'
import { GroupLoadError, GroupMissing } from './group-missing'
import { useGroup } from './use-group'
import { groupHref } from './slug'
import { MAX_NAME_LENGTH } from './create-list-screen'
import type { GroupDetail, ListSettings, OptInProcess } from './types'
import shared from './shared.module.css'
import styles from './forms.module.css'

export function ListSettingsScreen({ listId }: { listId: string }) {
  const group = useGroup(listId)
  const isList = group.data?.type === 0
  const settingsUrl = `/ajax/list/${encodeURIComponent(listId)}/settings`
  const settings = useSWR(isList ? settingsUrl : null, (url: string) =>
    http.get<{ settings: ListSettings }>(url).then((r) => r.data.settings),
  )

  if (group.missing) return <GroupMissing />
  if ((group.error && !group.data) || (settings.error && !settings.data)) {
    return (
      <GroupLoadError
        onRetry={() => {
          void group.mutate()
          void settings.mutate()
        }}
      />
    )
  }
  const loaded = isList ? settings.data : group.data
  if (!group.data || !loaded)
    return (
      <Page>
        <div className={shared.center}>
          <Spinner size="large" />
        </div>
      </Page>
    )
  return (
    <SettingsForm
      group={group.data}
      initialName={loaded.name}
      initialOptIn={(isList ? settings.data?.optInProcess : undefined) ?? 'single_opt_in'}
      onSaved={async (next) => {
        if (next) await settings.mutate(next, { revalidate: false })
        await group.mutate()
      }}
    />
  )
}

interface SettingsFormProps {
  group: GroupDetail
  initialName: string
  initialOptIn: OptInProcess
  onSaved: (settings: ListSettings | null) => Promise<void>
}

// The form starts from what the server held when the page loaded.
function SettingsForm({ group: g, initialName, initialOptIn, onSaved }: SettingsFormProps) {
  const t = useTranslations('lists')
  const toast = useToast()
  const canWrite = usePermission('groups_write')
  const isList = g.type === 0
  const [name, setName] = useState(initialName)
  const [optIn, setOptIn] = useState<OptInProcess>(initialOptIn)
  const [nameError, setNameError] = useState<string | undefined>()
  const [formError, setFormError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    setFormError(null)
    const trimmed = name.trim()
    if (!trimmed) return setNameError(t('nameRequired'))
    if (trimmed.length > MAX_NAME_LENGTH) return setNameError(t('nameTooLong', { max: MAX_NAME_LENGTH }))
    setNameError(undefined)
    setSaving(true)
    try {
      if (isList) {
        const res = await http.post<{ settings: ListSettings }>(`/ajax/list/${encodeURIComponent(g.id)}/settings`, {
          name: trimmed,
          optInProcess: optIn,
        })
        await onSaved(res.data.settings)
      } else {
        await http.patch(`/ajax/group/${encodeURIComponent(g.id)}`, { name: trimmed })
        await onSaved(null)
      }
      toast.show({ variant: 'success', content: t('settingsSavedToast') })
    } catch (err) {
      const f = readHttpFailure(err)
      if (f.fieldErrors.name) setNameError(f.fieldErrors.name)
      else setFormError(f.message ?? t('saveError'))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Page>
      <PageHead
        title={t('settingsTitle', { name: g.name })}
        description={isList ? t('settingsDescription') : t('segmentSettingsDescription')}
        actions={<LinkButton href={groupHref(g)}>{t('backToGroup')}</LinkButton>}
      />
      <PageBody>
        {!canWrite && <Notification variant="warning">{t('noWritePermission')}</Notification>}
        <Card>
          <form className={styles.form} onSubmit={save} noValidate>
            <TextField
              label={t('nameLabel')}
              name="name"
              value={name}
              onChange={(e) => {
                setName(e.target.value)
                setNameError(undefined)
              }}
              error={nameError}
              disabled={!canWrite}
              required
              data-testid="settings-name"
            />
            {isList && <OptInField value={optIn} onChange={setOptIn} disabled={!canWrite} />}
            {formError && <Notification variant="error">{formError}</Notification>}
            <div className={styles.actions}>
              <Button type="submit" variant="primary" loading={saving} disabled={!canWrite} data-testid="settings-save">
                {t('saveSettings')}
              </Button>
            </div>
          </form>
        </Card>
      </PageBody>
    </Page>
  )
}
