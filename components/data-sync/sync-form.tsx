'use client'
// The form of one sync: name, endpoint, which lists and segments, which profile fields, the
// schedule and whether it is on. Field errors come back from the server by field name.
import { useState, type FormEvent } from 'react'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from '@/components/auth/http-failure'
import type { SyncDto } from '@/lib/data-sync/sync-store'
import styles from './data-sync.module.css'

interface Props {
  destination: string
  sync?: SyncDto
  groups: { id: string; name: string; kind: string }[]
  fields: readonly string[]
  onSaved: (answer: { sync: SyncDto; secretKey?: string }) => void
  onCancel: () => void
}

const SCHEDULES = ['manual', 'hourly', 'daily']

export function SyncForm({ destination, sync, groups, fields, onSaved, onCancel }: Props) {
  const t = useTranslations('dataPlatform')
  const [name, setName] = useState(sync?.name ?? '')
  const [endpointUrl, setEndpointUrl] = useState('')
  const [groupIds, setGroupIds] = useState<string[]>(sync?.groupIds ?? [])
  const [chosen, setChosen] = useState<string[]>(sync?.fields ?? ['email'])
  const [schedule, setSchedule] = useState(sync?.schedule ?? 'manual')
  const [enabled, setEnabled] = useState(sync?.enabled ?? true)
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)

  const toggle = (list: string[], v: string) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v])

  async function submit(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    setErrors({})
    setFailure(null)
    const body = {
      name,
      groupIds,
      fields: chosen,
      schedule,
      enabled,
      // Editing keeps the saved endpoint unless a new one is typed (the saved one is shown masked).
      ...(endpointUrl || !sync ? { endpointUrl } : {}),
    }
    try {
      const base = `/ajax/data-sync/destinations/${destination}/syncs`
      const res = sync
        ? await http.patch<{ sync: SyncDto; secretKey?: string }>(`${base}/${sync.id}`, body)
        : await http.post<{ sync: SyncDto; secretKey?: string }>(base, body)
      onSaved(res.data)
    } catch (err) {
      const f = readHttpFailure(err)
      setErrors(f.fieldErrors)
      setFailure(f.message ?? t('saveError'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} data-testid="sync-form" noValidate>
      {failure && <Notification variant="error">{failure}</Notification>}
      <TextField
        label={t('form.name')}
        name="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
      />
      <TextField
        label={t('form.endpointUrl')}
        name="endpointUrl"
        type="url"
        value={endpointUrl}
        placeholder={sync?.endpointUrl ?? 'https://'}
        hint={sync ? t('form.endpointKeep') : t('form.endpointHint')}
        onChange={(e) => setEndpointUrl(e.target.value)}
        error={errors.endpointUrl}
      />
      <fieldset className={styles.choices}>
        <legend>{t('form.groups')}</legend>
        {groups.length === 0 && <span className={styles.muted}>{t('form.noGroups')}</span>}
        {groups.map((g) => (
          <label key={g.id} className={styles.choice}>
            <input
              type="checkbox"
              name="groupIds"
              value={g.id}
              checked={groupIds.includes(g.id)}
              onChange={() => setGroupIds((l) => toggle(l, g.id))}
            />
            {g.name} <span className={styles.muted}>({t(`kind.${g.kind === 'segment' ? 'segment' : 'list'}`)})</span>
          </label>
        ))}
      </fieldset>
      {errors.groupIds && <span className={styles.error}>{errors.groupIds}</span>}
      <fieldset className={styles.choices}>
        <legend>{t('form.fields')}</legend>
        {fields.map((f) => (
          <label key={f} className={styles.choice}>
            <input
              type="checkbox"
              name="fields"
              value={f}
              checked={chosen.includes(f)}
              onChange={() => setChosen((l) => toggle(l, f))}
            />
            {t(`field.${f}`)}
          </label>
        ))}
      </fieldset>
      <Select
        label={t('form.schedule')}
        name="schedule"
        value={schedule}
        onChange={(e) => setSchedule(e.target.value)}
        options={SCHEDULES.map((s) => ({ value: s, label: t(`schedule.${s}`) }))}
      />
      <label className={styles.choice}>
        <input type="checkbox" name="enabled" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        {t('form.enabled')}
      </label>
      <div className={styles.actions}>
        <Button type="submit" variant="primary" loading={busy} data-testid="sync-save">
          {t('form.save')}
        </Button>
        <Button type="button" onClick={onCancel}>
          {t('form.cancel')}
        </Button>
      </div>
    </form>
  )
}
