'use client'
// /list/{id}/clone/{slug}: a new list with this list's settings (its members only when asked),
// or a new segment with this segment's conditions. Opens the new group when it is made.
import { useState, type FormEvent } from 'react'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { readHttpFailure } from '@/components/auth/http-failure'
import { Card } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { Button, LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { GroupFrame } from './group-frame'
import { groupHref } from './slug'
import type { GroupDetail } from './types'
import styles from './forms.module.css'

export function CloneGroupScreen({ groupId }: { groupId: string }) {
  const t = useTranslations('audiencePages')
  return (
    <GroupFrame groupId={groupId} title={t('cloneTitle')}>
      {(g) => <CloneForm group={g} />}
    </GroupFrame>
  )
}

function CloneForm({ group }: { group: GroupDetail }) {
  const t = useTranslations('audiencePages')
  const router = useRouter()
  const canWrite = usePermission('groups_write')
  const [name, setName] = useState(() => t('copyOf', { name: group.name }))
  const [copyMembers, setCopyMembers] = useState(false)
  const [nameError, setNameError] = useState<string>()
  const [formError, setFormError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const isList = group.type === 0

  async function submit(e: FormEvent) {
    e.preventDefault()
    setFormError(null)
    if (!name.trim()) return setNameError(t('nameRequired'))
    setSaving(true)
    try {
      const res = await http.post<{ group: GroupDetail }>(`/ajax/list/${encodeURIComponent(group.id)}/clone`, {
        name: name.trim(),
        copyMembers: isList && copyMembers,
      })
      router.push(groupHref(res.data.group))
    } catch (err) {
      const failure = readHttpFailure(err)
      if (failure.fieldErrors.name) setNameError(failure.fieldErrors.name)
      else setFormError(failure.message ?? t('cloneError'))
      setSaving(false)
    }
  }

  return (
    <Card>
      {!canWrite && <Notification variant="warning">{t('noWritePermission')}</Notification>}
      <form className={styles.form} onSubmit={submit} noValidate>
        <p>{isList ? t('cloneListHelp') : t('cloneSegmentHelp')}</p>
        <TextField
          label={t('cloneName')}
          name="name"
          value={name}
          onChange={(e) => {
            setName(e.target.value)
            setNameError(undefined)
          }}
          error={nameError}
          maxLength={256}
          required
          disabled={!canWrite}
          data-testid="clone-name"
        />
        {isList && (
          <label className={styles.choice}>
            <input
              type="checkbox"
              checked={copyMembers}
              onChange={(e) => setCopyMembers(e.target.checked)}
              disabled={!canWrite}
              data-testid="clone-copy-members"
            />
            <span>
              <strong>{t('copyMembers')}</strong>
              <small>{t('copyMembersHelp', { count: group.memberCount })}</small>
            </span>
          </label>
        )}
        {formError && <Notification variant="error">{formError}</Notification>}
        <div className={styles.actions}>
          <Button type="submit" variant="primary" loading={saving} disabled={!canWrite} data-testid="clone-submit">
            {t('cloneSubmit')}
          </Button>
          <LinkButton href={groupHref(group)}>{t('cancel')}</LinkButton>
        </div>
      </form>
    </Card>
  )
}
