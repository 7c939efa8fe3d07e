'use client'
// /forms/create: pick a starting template (discount popup, newsletter embed, SMS two-step,
// exit-intent flyout, full-page welcome, back-in-stock), name the form, choose the list a submit
// subscribes to (?list={listId} preselects it), then the new draft opens in the editor.
import { useState, type FormEvent } from 'react'
import { useRouter } from 'next/navigation'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Button, LinkButton } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { getWithParams } from '@/components/lists/fetcher'
import { formsApi } from '../forms-api'
import { editorPath } from '../open-editor'
import type { FormTemplate } from '../forms-types'
import { TemplateCard } from './template-card'
import styles from './create-form.module.css'

type ListRow = { id: string | number; name: string }

export function CreateFormScreen({ initialListId }: { initialListId?: string | null }) {
  const t = useTranslations('forms')
  const router = useRouter()
  const canWrite = usePermission('forms_write')
  const templates = useSWR('form-templates', formsApi.templates)
  const { data: lists } = useSWR(['/ajax/lists/simple', { type: 0 }] as const, getWithParams<ListRow[]>)
  const [key, setKey] = useState<string | null>(null)
  const [name, setName] = useState('')
  const [listId, setListId] = useState(initialListId ?? '')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const chosen = templates.data?.find((x) => x.key === key) ?? null

  const title = (tpl: FormTemplate) =>
    t.has(`template.${tpl.key}.name`) ? t(`template.${tpl.key}.name` as 'template.discount_popup.name') : tpl.name

  async function submit(e: FormEvent) {
    e.preventDefault()
    const errs: Record<string, string> = {}
    if (!chosen) errs.template = t('chooseTemplateFirst')
    if (!name.trim()) errs.name = t('nameRequired')
    setFieldErrors(errs)
    if (Object.keys(errs).length || !chosen) return
    setBusy(true)
    setError(null)
    try {
      const form = await formsApi.create({ name: name.trim(), templateKey: chosen.key, listId: listId || null })
      const version = form.versions[form.versions.length - 1]
      router.push(version ? editorPath(form.id, version.id) : `/forms/${encodeURIComponent(form.id)}`)
    } catch (err) {
      const fe = (err as { data?: { fieldErrors?: Record<string, string[]> } }).data?.fieldErrors ?? {}
      setFieldErrors(Object.fromEntries(Object.entries(fe).map(([k, v]) => [k, v[0] ?? ''])))
      setError(t('createError'))
      setBusy(false)
    }
  }

  return (
    <Page>
      <PageHead
        title={t('createTitle')}
        description={t('createDescription')}
        actions={<LinkButton href="/forms">{t('backToForms')}</LinkButton>}
      />
      <PageBody>
        {error && <Notification variant="error" title={error} />}
        <form className={styles.layout} onSubmit={(e) => void submit(e)} noValidate>
          <section aria-labelledby="templates-heading" className={styles.gallery}>
            <h2 id="templates-heading" className={styles.sectionTitle}>
              {t('templatesTitle')}
            </h2>
            {fieldErrors.template && (
              <p className={styles.error} role="alert">
                {fieldErrors.template}
              </p>
            )}
            {templates.error && (
              <Notification
                variant="error"
                title={t('loadError')}
                action={{ label: t('retry'), onClick: () => void templates.mutate() }}
              />
            )}
            {!templates.data && !templates.error && <Spinner label={t('loading')} />}
            <div className={styles.grid} role="radiogroup" aria-labelledby="templates-heading">
              {templates.data?.map((tpl) => (
                <TemplateCard
                  key={tpl.key}
                  template={tpl}
                  title={title(tpl)}
                  description={
                    t.has(`template.${tpl.key}.description`)
                      ? t(`template.${tpl.key}.description` as 'template.discount_popup.description')
                      : (tpl.description ?? '')
                  }
                  selected={key === tpl.key}
                  onSelect={() => {
                    setKey(tpl.key)
                    if (!name.trim()) setName(title(tpl))
                  }}
                />
              ))}
            </div>
          </section>
          <aside className={styles.details} aria-labelledby="details-heading">
            <h2 id="details-heading" className={styles.sectionTitle}>
              {t('detailsTitle')}
            </h2>
            <TextField
              label={t('formName')}
              name="name"
              value={name}
              maxLength={255}
              error={fieldErrors.name}
              onChange={(e) => setName(e.target.value)}
              data-testid="form-name"
            />
            <Select
              label={t('subscribeList')}
              name="listId"
              value={listId}
              error={fieldErrors.listId}
              data-testid="form-list"
              onChange={(e) => setListId(e.target.value)}
              options={[
                { value: '', label: t('noListYet') },
                ...(lists ?? []).map((l) => ({ value: String(l.id), label: l.name })),
                ...(listId && lists && !lists.some((l) => String(l.id) === listId)
                  ? [{ value: listId, label: listId }]
                  : []),
              ]}
            />
            <p className={styles.hint}>{t('subscribeListHint')}</p>
            <Button
              type="submit"
              variant="primary"
              loading={busy}
              disabled={!canWrite}
              data-testid="create-form-submit"
            >
              {t('createAndEdit')}
            </Button>
          </aside>
        </form>
      </PageBody>
    </Page>
  )
}
