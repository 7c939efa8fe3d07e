'use client'
// /email-editor/{templateId}/edit/amp: the template's AMP for Email part, beside its HTML (which
// stays the fallback for clients without AMP). The document is checked as it is typed (the same
// check the server makes at save) and sent as text/x-amp-html in the email. Block-editor templates
// have no AMP part: the page says so.
import { useState } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { isHttpError } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { AMP_STARTER, validateAmp } from '@/lib/templates/amp/validate-amp'
import { readHttpFailure } from '@/components/auth/http-failure'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { EmptyState } from '@/components/ui/empty-state'
import { templatesApi, type TemplateDetail } from '../api'
import field from '@/components/ui/field.module.css'
import styles from '@/components/brand/brand.module.css'

/** Where the screen's back link leads when it is opened from a campaign or a variation. */
export interface AmpBackLink {
  href: string
  label: string
}

export function AmpEditorScreen({ templateId, back }: { templateId: string; back?: AmpBackLink }) {
  const t = useTranslations('ampEditor')
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
  return (
    <AmpForm
      key={data.updated}
      template={data}
      back={back}
      onSaved={(tpl) => void mutate(tpl, { revalidate: false })}
    />
  )
}

function AmpForm({
  template,
  back,
  onSaved,
}: {
  template: TemplateDetail
  back?: AmpBackLink
  onSaved: (t: TemplateDetail) => void
}) {
  const t = useTranslations('ampEditor')
  const toast = useToast()
  const canEdit = usePermission(['templates_write'])
  const [amp, setAmp] = useState(template.amp ?? AMP_STARTER)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string[]>([])
  const problems = validateAmp(amp)
  const editorLink = `/email-template-editor/template/${encodeURIComponent(template.id)}`

  async function save(value: string | null) {
    setBusy(true)
    setFailure([])
    try {
      onSaved(await templatesApi.save(template.id, { amp: value }))
      toast.show({ variant: 'success', content: value ? t('saved') : t('removed') })
    } catch (e) {
      const f = readHttpFailure(e)
      setFailure([f.fieldErrors.amp ?? f.message ?? t('saveError')])
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
          <>
            {back && <Link href={back.href}>{back.label}</Link>}
            <Link href={editorLink}>{t('openEditor')}</Link>
          </>
        }
      />
      <PageBody>
        {template.editorType === 'SYSTEM_DRAGGABLE' ? (
          <Notification variant="info">{t('blockTemplate')}</Notification>
        ) : (
          <Card title={t('ampPart')}>
            <div className={styles.stack} data-testid="amp-editor">
              <p className={styles.help}>{t('help')}</p>
              {failure.map((f) => (
                <Notification key={f} variant="error">
                  {f}
                </Notification>
              ))}
              <textarea
                className={field.control}
                aria-label={t('ampPart')}
                rows={22}
                spellCheck={false}
                value={amp}
                readOnly={!canEdit}
                onChange={(e) => setAmp(e.target.value)}
                style={{ fontFamily: 'monospace' }}
              />
              {problems.length > 0 ? (
                <ul role="alert" data-testid="amp-problems">
                  {problems.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              ) : (
                <p className={styles.help} data-testid="amp-valid">
                  {t('valid')}
                </p>
              )}
              {canEdit && (
                <div className={styles.footer}>
                  {template.amp && (
                    <Button variant="tertiary" disabled={busy} onClick={() => void save(null)}>
                      {t('remove')}
                    </Button>
                  )}
                  <Button
                    variant="primary"
                    loading={busy}
                    disabled={problems.length > 0}
                    onClick={() => void save(amp)}
                  >
                    {t('save')}
                  </Button>
                </div>
              )}
            </div>
          </Card>
        )}
      </PageBody>
    </Page>
  )
}
