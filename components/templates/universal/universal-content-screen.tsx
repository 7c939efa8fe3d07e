'use client'
// /email-template-editor/universal-content/{ucType}/{universalId}: one saved content block in the
// email editor's block settings. Saving writes it into every template that uses it (those
// templates are compiled again, so their next sends carry it), listed under "Used in".
import { useState } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import type { Block, LeafBlock } from '@/lib/templates/block-definition'
import { isHttpError } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { useToast } from '@/components/shell/toasts'
import { BlockSettings } from '../editor/block-settings'
import { universalApi, universalEditorHref } from './universal-api'
import styles from './universal.module.css'

export function UniversalContentScreen({ universalId }: { universalId: string }) {
  const t = useTranslations('templateTranslate')
  const format = useFormatter()
  const toast = useToast()
  const canWrite = usePermission('templates_write')
  const { data, error, mutate } = useSWR(['universal-content-item', universalId], () => universalApi.get(universalId))
  const [name, setName] = useState<string | null>(null)
  const [block, setBlock] = useState<LeafBlock | null>(null)
  const [saving, setSaving] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)

  if (error) {
    const missing = isHttpError(error) && error.status === 404
    return (
      <Page>
        {missing ? (
          <EmptyState
            heading={t('ucNotFound')}
            body={t('ucNotFoundBody')}
            actions={<Link href="/cms/editor">{t('ucLibrary')}</Link>}
          />
        ) : (
          <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
            {t('loadError')}
          </Notification>
        )}
      </Page>
    )
  }
  if (!data)
    return (
      <Page>
        <Spinner size="large" />
      </Page>
    )

  const current = block ?? data.item.block
  const currentName = name ?? data.item.name
  const dirty = block !== null || (name !== null && name !== data.item.name)
  const href = universalEditorHref(data.item)

  async function save() {
    if (!currentName.trim()) return setProblem(t('ucNameRequired'))
    setSaving(true)
    setProblem(null)
    try {
      const r = await universalApi.save(universalId, { name: currentName, ...(block ? { block } : {}) })
      await mutate({ item: r.item, usedIn: r.usedIn }, { revalidate: false })
      setBlock(null)
      setName(null)
      toast.show({ variant: 'success', content: t('ucSavedToast', { count: r.updatedTemplates }) })
    } catch (e) {
      const body = isHttpError(e)
        ? (e.data as { message?: string; fieldErrors?: Record<string, string[]> } | null)
        : null
      setProblem(Object.values(body?.fieldErrors ?? {})[0]?.[0] ?? body?.message ?? t('ucSaveError'))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Page>
      <PageHead
        title={t('ucTitle', { name: data.item.name })}
        actions={
          <div className={styles.actions}>
            <Link href="/cms/editor">{t('ucLibrary')}</Link>
            <Link href={`${href}/translate`} data-testid="uc-translate">
              {t('translate')}
            </Link>
            {canWrite && current && (
              <Button variant="primary" onClick={() => void save()} loading={saving} disabled={!dirty}>
                {t('save')}
              </Button>
            )}
          </div>
        }
      />
      <PageBody>
        {problem && <Notification variant="error">{problem}</Notification>}
        <div className={styles.layout}>
          <section className={styles.editor} aria-label={t('ucContent')}>
            <TextField
              label={t('ucName')}
              name="uc-name"
              value={currentName}
              maxLength={255}
              readOnly={!canWrite}
              onChange={(e) => setName(e.target.value)}
            />
            {current ? (
              <fieldset disabled={!canWrite} className={styles.fieldset}>
                <BlockSettings
                  block={current}
                  onChange={(patch: Partial<Block>) => setBlock({ ...current, ...patch } as LeafBlock)}
                />
              </fieldset>
            ) : (
              <EmptyState heading={t('ucUnsupported')} body={t('ucUnsupportedBody')} headingLevel={3} />
            )}
          </section>
          <aside className={styles.usedIn} aria-label={t('ucUsedIn')}>
            <h2 className={styles.usedInTitle}>{t('ucUsedIn')}</h2>
            {data.usedIn.length === 0 ? (
              <p>{t('ucUsedInNone')}</p>
            ) : (
              <ul data-testid="uc-used-in">
                {data.usedIn.map((u) => (
                  <li key={u.id}>
                    <Link href={`/email-template-editor/template/${encodeURIComponent(u.id)}`}>{u.name}</Link>{' '}
                    <span className={styles.muted}>
                      {format.dateTime(new Date(u.updated), { dateStyle: 'medium' })}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </aside>
        </div>
      </PageBody>
    </Page>
  )
}
