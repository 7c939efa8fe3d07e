'use client'
// /campaign/template/{templateId}/content/text: the template's plain-text part. Left empty, the
// text is generated from the HTML at save (the compiled text shown as the starting point); written
// here, it is the merchant's own and kept as is (PUT /ajax/email-templates/{id} with `text`).
import { useState } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { isHttpError } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { readHttpFailure } from '@/components/auth/http-failure'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { EmptyState } from '@/components/ui/empty-state'
import { templatesApi, type TemplateDetail } from './api'
import field from '@/components/ui/field.module.css'
import styles from '@/components/brand/brand.module.css'

export function TemplateTextPartScreen({ templateId }: { templateId: string }) {
  const t = useTranslations('templateTextPart')
  const { data, error, mutate } = useSWR(['template', templateId], () => templatesApi.get(templateId), {
    revalidateOnFocus: false,
  })
  if (error)
    return (
      <Page>
        <PageHead title={t('title')} />
        <PageBody>
          {isHttpError(error) && error.status === 404 ? (
            <EmptyState heading={t('notFound')} actions={<Link href="/templates">{t('back')}</Link>} />
          ) : (
            <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
              {t('loadError')}
            </Notification>
          )}
        </PageBody>
      </Page>
    )
  if (!data)
    return (
      <div className={styles.loading}>
        <Spinner size="large" />
      </div>
    )
  return <TextForm key={data.updated} template={data} onSaved={(tpl) => void mutate(tpl, { revalidate: false })} />
}

function TextForm({ template, onSaved }: { template: TemplateDetail; onSaved: (t: TemplateDetail) => void }) {
  const t = useTranslations('templateTextPart')
  const toast = useToast()
  const canEdit = usePermission(['templates_write'])
  const [text, setText] = useState(template.text ?? template.compiledText)
  const [own, setOwn] = useState(template.text !== null)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  async function save() {
    setBusy(true)
    setFailure(null)
    try {
      onSaved(await templatesApi.save(template.id, { text: own ? text : null }))
      toast.show({ variant: 'success', content: t('saved') })
    } catch (e) {
      const f = readHttpFailure(e)
      setFailure(f.fieldErrors.text ?? f.message ?? t('saveError'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Page>
      <PageHead
        title={t('title')}
        description={t('description', { name: template.name })}
        actions={
          <Link href={`/email-template-editor/template/${encodeURIComponent(template.id)}`}>{t('openEditor')}</Link>
        }
      />
      <PageBody>
        <Card title={t('textPart')}>
          <div className={styles.stack} data-testid="template-text-part">
            {failure && <Notification variant="error">{failure}</Notification>}
            <label>
              <input
                type="checkbox"
                checked={!own}
                disabled={!canEdit}
                onChange={(e) => setOwn(!e.target.checked)}
                data-testid="text-generated"
              />{' '}
              {t('generate')}
            </label>
            <textarea
              className={field.control}
              aria-label={t('textPart')}
              rows={18}
              value={own ? text : template.compiledText}
              readOnly={!own || !canEdit}
              onChange={(e) => setText(e.target.value)}
            />
            {canEdit && (
              <div className={styles.footer}>
                <Button variant="primary" loading={busy} onClick={() => void save()}>
                  {t('save')}
                </Button>
              </div>
            )}
          </div>
        </Card>
      </PageBody>
    </Page>
  )
}
