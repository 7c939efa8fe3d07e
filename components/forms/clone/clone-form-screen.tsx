'use client'
// /cloning/wizard/form/{formId}: name the copy (a draft with all versions), clone it, and go on
// to the copy's editor.
import { useState, type FormEvent } from 'react'
import { useRouter } from 'next/navigation'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button, LinkButton } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { formsApi } from '../forms-api'
import { currentVersionId, editorPath } from '../open-editor'
import styles from '../view/view.module.css'

export function CloneFormScreen({ formId }: { formId: string }) {
  const t = useTranslations('forms')
  const router = useRouter()
  const toast = useToast()
  const canWrite = usePermission('forms_write')
  const { data: form, error: loadError } = useSWR(['form', formId], () => formsApi.get(formId))
  const [name, setName] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const value = name ?? (form ? t('copyOf', { name: form.name }) : '')

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (!value.trim()) return setError(t('nameRequired'))
    setError(null)
    setBusy(true)
    try {
      const copy = await formsApi.clone(formId, value.trim())
      toast.show({ variant: 'success', content: t('clonedToast', { name: copy.name }) })
      const vid = currentVersionId(copy)
      router.push(vid !== null ? editorPath(copy.id, vid) : `/forms/${encodeURIComponent(copy.id)}`)
    } catch (err) {
      const fe = (err as { data?: { fieldErrors?: Record<string, string[]> } }).data?.fieldErrors
      setError(fe?.name?.[0] ?? t('actionFailed'))
      setBusy(false)
    }
  }

  return (
    <Page>
      <PageHead
        title={t('cloneTitle')}
        description={form?.name}
        actions={<LinkButton href="/forms">{t('backToForms')}</LinkButton>}
      />
      <PageBody>
        {loadError && <Notification variant="error" title={t('loadError')} />}
        <Card title={t('cloneCardTitle')}>
          <p className={styles.muted}>{t('cloneBody')}</p>
          <form className={styles.liveForm} onSubmit={(e) => void submit(e)} noValidate>
            <TextField
              label={t('formName')}
              name="name"
              value={value}
              maxLength={255}
              error={error ?? undefined}
              onChange={(e) => setName(e.target.value)}
              data-testid="clone-name"
            />
            <Button
              type="submit"
              variant="primary"
              loading={busy}
              disabled={!form || !canWrite}
              data-testid="clone-submit"
            >
              {t('cloneAndEdit')}
            </Button>
          </form>
        </Card>
      </PageBody>
    </Page>
  )
}
