'use client'
// /lists/create: name a new static list, choose its opt-in process, and open it.
import { useState, type FormEvent } from 'react'
import { useRouter } from 'next/navigation'
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
import { OptInField } from './opt-in-field'
import { groupHref } from './slug'
import type { GroupDetail, OptInProcess } from './types'
import styles from './forms.module.css'

export const MAX_NAME_LENGTH = 255

export function CreateListScreen() {
  const t = useTranslations('lists')
  const router = useRouter()
  const toast = useToast()
  const canWrite = usePermission('groups_write')
  const [name, setName] = useState('')
  const [optIn, setOptIn] = useState<OptInProcess>('single_opt_in')
  const [nameError, setNameError] = useState<string | undefined>()
  const [formError, setFormError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    setFormError(null)
    const trimmed = name.trim()
    if (!trimmed) return setNameError(t('nameRequired'))
    if (trimmed.length > MAX_NAME_LENGTH) return setNameError(t('nameTooLong', { max: MAX_NAME_LENGTH }))
    setNameError(undefined)
    setSaving(true)
    try {
      const res = await http.post<{ group: GroupDetail }>('/ajax/group', {
        name: trimmed,
        type: 0,
        optInProcess: optIn,
      })
      toast.show({ variant: 'success', content: t('listCreatedToast', { name: res.data.group.name }) })
      router.push(groupHref(res.data.group))
    } catch (err) {
      const failure = readHttpFailure(err)
      if (failure.fieldErrors.name) setNameError(failure.fieldErrors.name)
      else setFormError(failure.message ?? t('saveError'))
      setSaving(false)
    }
  }

  return (
    <Page>
      <PageHead title={t('createListTitle')} description={t('createListDescription')} />
      <PageBody>
        {!canWrite && <Notification variant="warning">{t('noWritePermission')}</Notification>}
        <Card>
          <form className={styles.form} onSubmit={submit} noValidate>
            <TextField
              label={t('nameLabel')}
              name="name"
              value={name}
              onChange={(e) => {
                setName(e.target.value)
                setNameError(undefined)
              }}
              error={nameError}
              placeholder={t('listNamePlaceholder')}
              maxLength={MAX_NAME_LENGTH + 1}
              autoFocus
              required
              disabled={!canWrite}
              data-testid="list-name"
            />
            <OptInField value={optIn} onChange={setOptIn} disabled={!canWrite} />
            {formError && <Notification variant="error">{formError}</Notification>}
            <div className={styles.actions}>
              <Button
                type="submit"
                variant="primary"
                loading={saving}
                disabled={!canWrite}
                data-testid="create-list-submit"
              >
                {t('createListSubmit')}
              </Button>
              <LinkButton href="/lists">{t('cancel')}</LinkButton>
            </div>
          </form>
        </Card>
      </PageBody>
    </Page>
  )
}
