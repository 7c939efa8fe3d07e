'use client'
// /settings/other/web-feeds: the account's web feeds — a JSON or XML address read when a
// message is sent (cached for the feed's cache time) and used in templates as feeds.<key> —
// with add, edit (a dialog with field errors from the server) and delete (after a confirmation),
// and how to use a feed in a template. Without feeds_write the list is read-only.
import { useState, type FormEvent } from 'react'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Modal } from '@/components/ui/modal'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { TableSkeleton } from '@/components/lists/table-skeleton'
import { ConfirmModal } from '@/components/lists/confirm-modal'
import { readHttpFailure } from '@/components/auth/http-failure'
import styles from './bis-web-feeds.module.css'
import screen from '@/components/ui/form-screen.module.css'

export interface WebFeed {
  id: string
  name: string
  key: string
  url: string
  requestMethod: 'get' | 'post'
  contentType: 'json' | 'xml'
  cacheTtlSeconds: number
  status: string
  lastError: string | null
  fetchedAt: string | null
  created: string
  updated: string
}
interface Draft {
  name: string
  url: string
  requestMethod: 'get' | 'post'
  contentType: 'json' | 'xml'
  cacheTtlSeconds: string
}

export const WEB_FEEDS_KEY = '/ajax/web-feeds'
const EMPTY: Draft = { name: '', url: '', requestMethod: 'get', contentType: 'json', cacheTtlSeconds: '300' }
/** Template code is not translated text: the tags are the template language's own. */
const snippet = (key: string) =>
  `{{ feeds.${key}.title }}\n{% if feeds.${key} %}\n  {% for entry in feeds.${key}.items|slice:':3' %}{{ entry.title }}{% endfor %}\n{% endif %}`

export function WebFeedsScreen() {
  const t = useTranslations('webFeeds')
  const format = useFormatter()
  const toast = useToast()
  const canWrite = usePermission('feeds_write')
  const { data, error, mutate } = useSWR(WEB_FEEDS_KEY, (url: string) =>
    http.get<{ feeds: WebFeed[]; max: number }>(url).then((r) => r.data),
  )
  const [editing, setEditing] = useState<WebFeed | 'new' | null>(null)
  const [deleting, setDeleting] = useState<WebFeed | null>(null)
  const [deleteBusy, setDeleteBusy] = useState(false)
  const [deleteError, setDeleteError] = useState<string | null>(null)

  const cacheLabel = (s: number) =>
    s % 3600 === 0
      ? t('hoursCount', { count: s / 3600 })
      : s % 60 === 0
        ? t('minutesCount', { count: s / 60 })
        : t('secondsCount', { count: s })
  async function remove() {
    if (!deleting) return
    setDeleteBusy(true)
    setDeleteError(null)
    try {
      await http.delete(`${WEB_FEEDS_KEY}/${encodeURIComponent(deleting.id)}`)
      toast.show({ variant: 'success', content: t('deleted', { name: deleting.name }) })
      setDeleting(null)
      await mutate()
    } catch (err) {
      setDeleteError(readHttpFailure(err).message ?? t('saveError'))
    } finally {
      setDeleteBusy(false)
    }
  }

  const full = !!data && data.feeds.length >= data.max
  const addButton = canWrite ? (
    <Button variant="primary" onClick={() => setEditing('new')} disabled={full} data-testid="add-feed">
      {t('add')}
    </Button>
  ) : undefined
  let body
  if (error && !data) {
    body = (
      <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
        {readHttpFailure(error).message ?? t('loadError')}
      </Notification>
    )
  } else if (!data) {
    body = <TableSkeleton />
  } else if (data.feeds.length === 0) {
    body = (
      <EmptyState
        heading={t('emptyTitle')}
        body={<p>{canWrite ? t('emptyBody') : t('emptyBodyReadOnly')}</p>}
        actions={addButton}
      />
    )
  } else {
    body = (
      <Card title={t('listTitle')}>
        {full && <Notification variant="warning">{t('full', { max: data.max })}</Notification>}
        <Table
          caption={t('listTitle')}
          columns={[
            { key: 'name', header: t('colName') },
            { key: 'url', header: t('colUrl') },
            { key: 'method', header: t('colMethod') },
            { key: 'type', header: t('colType') },
            { key: 'cache', header: t('colCache'), align: 'right' },
            { key: 'status', header: t('colStatus') },
            ...(canWrite
              ? [
                  {
                    key: 'actions',
                    header: <span className="visually-hidden">{t('colActions')}</span>,
                    align: 'right' as const,
                  },
                ]
              : []),
          ]}
          rows={data.feeds.map((f) => ({
            id: f.id,
            name: (
              <span>
                <strong>{f.name}</strong>
                <br />
                <code className={styles.code}>feeds.{f.key}</code>
              </span>
            ),
            url: <span className={styles.url}>{f.url}</span>,
            method: f.requestMethod.toUpperCase(),
            type: f.contentType.toUpperCase(),
            cache: <span className={styles.num}>{cacheLabel(f.cacheTtlSeconds)}</span>,
            status:
              f.lastError && f.status !== 'ok' ? (
                <span>
                  <Badge variant="warning">{t('statusFailing')}</Badge>
                  <br />
                  <span className={styles.muted}>{f.lastError}</span>
                </span>
              ) : f.fetchedAt ? (
                <span>
                  <Badge variant="success">{t('statusOk')}</Badge>
                  <br />
                  <span className={styles.muted}>
                    {t('fetchedAt', {
                      when: format.dateTime(new Date(f.fetchedAt), { dateStyle: 'medium', timeStyle: 'short' }),
                    })}
                  </span>
                </span>
              ) : (
                <Badge variant="neutral">{t('statusNotFetched')}</Badge>
              ),
            actions: (
              <span className={styles.actions}>
                <Button
                  size="small"
                  variant="tertiary"
                  onClick={() => setEditing(f)}
                  aria-label={t('editNamed', { name: f.name })}
                >
                  {t('edit')}
                </Button>
                <Button
                  size="small"
                  variant="tertiary"
                  onClick={() => {
                    setDeleteError(null)
                    setDeleting(f)
                  }}
                  aria-label={t('deleteNamed', { name: f.name })}
                >
                  {t('delete')}
                </Button>
              </span>
            ),
          }))}
        />
      </Card>
    )
  }
  const exampleKey = data?.feeds[0]?.key ?? 'blog_posts'
  return (
    <Page>
      <PageHead
        title={t('title')}
        description={t('description')}
        actions={data && data.feeds.length > 0 ? addButton : undefined}
      />
      <PageBody>
        <div className={screen.stack}>
          {body}
          <Card title={t('howTitle')}>
            <p className={styles.help}>{t('howBody')}</p>
            <pre className={styles.snippet} data-testid="feed-snippet">
              {snippet(exampleKey)}
            </pre>
            <p className={styles.help}>{t('howFallback')}</p>
          </Card>
        </div>
      </PageBody>
      {editing && (
        <FeedDialog
          feed={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async (name, created) => {
            setEditing(null)
            toast.show({ variant: 'success', content: created ? t('created', { name }) : t('saved', { name }) })
            await mutate()
          }}
        />
      )}
      <ConfirmModal
        open={!!deleting}
        title={t('deleteTitle', { name: deleting?.name ?? '' })}
        confirmLabel={t('delete')}
        busy={deleteBusy}
        error={deleteError}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      >
        {t('deleteBody', { key: deleting?.key ?? '' })}
      </ConfirmModal>
    </Page>
  )
}

/** The create/edit form of a web feed (also the /feeds/new and /feed/{id} pages). */
export function FeedDialog({
  feed,
  onClose,
  onSaved,
}: {
  feed: WebFeed | null
  onClose: () => void
  onSaved: (name: string, created: boolean, saved?: WebFeed) => Promise<void>
}) {
  const t = useTranslations('webFeeds')
  const [draft, setDraft] = useState<Draft>(
    feed
      ? {
          name: feed.name,
          url: feed.url,
          requestMethod: feed.requestMethod,
          contentType: feed.contentType,
          cacheTtlSeconds: String(feed.cacheTtlSeconds),
        }
      : EMPTY,
  )
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => {
    setDraft({ ...draft, [k]: v })
    if (errors[k]) setErrors({ ...errors, [k]: '' })
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const local: Record<string, string> = {}
    if (!draft.name.trim()) local.name = t('nameRequired')
    if (!draft.url.trim()) local.url = t('urlRequired')
    if (Object.keys(local).length) return setErrors(local)
    setBusy(true)
    setErrors({})
    setFormError(null)
    const body = {
      name: draft.name.trim(),
      url: draft.url.trim(),
      requestMethod: draft.requestMethod,
      contentType: draft.contentType,
      cacheTtlSeconds: draft.cacheTtlSeconds.trim(),
    }
    try {
      const res = feed
        ? await http.patch<{ feed: WebFeed }>(`${WEB_FEEDS_KEY}/${encodeURIComponent(feed.id)}`, body)
        : await http.post<{ feed: WebFeed }>(WEB_FEEDS_KEY, body)
      await onSaved(body.name, !feed, res.data.feed)
    } catch (err) {
      const f = readHttpFailure(err)
      if (Object.keys(f.fieldErrors).length) setErrors(f.fieldErrors)
      else setFormError(f.message ?? t('saveError'))
      setBusy(false)
    }
  }

  return (
    <Modal
      open
      title={feed ? t('editTitle', { name: feed.name }) : t('addTitle')}
      onClose={busy ? undefined : onClose}
      footer={
        <>
          <Button onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button variant="primary" type="submit" form="web-feed-form" loading={busy} data-testid="save-feed">
            {feed ? t('save') : t('add')}
          </Button>
        </>
      }
    >
      <form id="web-feed-form" className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        {formError && <Notification variant="error">{formError}</Notification>}
        <TextField
          label={t('fieldName')}
          name="name"
          value={draft.name}
          hint={t('nameHint')}
          error={errors.name || undefined}
          data-testid="feed-name"
          onChange={(e) => set('name', e.target.value)}
        />
        <TextField
          label={t('fieldUrl')}
          name="url"
          type="url"
          value={draft.url}
          placeholder="https://"
          error={errors.url || undefined}
          data-testid="feed-url"
          onChange={(e) => set('url', e.target.value)}
        />
        <div className={styles.row}>
          <Select
            label={t('fieldMethod')}
            name="requestMethod"
            value={draft.requestMethod}
            error={errors.requestMethod || undefined}
            onChange={(e) => set('requestMethod', e.target.value as Draft['requestMethod'])}
            options={[
              { value: 'get', label: 'GET' },
              { value: 'post', label: 'POST' },
            ]}
          />
          <Select
            label={t('fieldType')}
            name="contentType"
            value={draft.contentType}
            error={errors.contentType || undefined}
            onChange={(e) => set('contentType', e.target.value as Draft['contentType'])}
            options={[
              { value: 'json', label: 'JSON' },
              { value: 'xml', label: 'XML' },
            ]}
          />
        </div>
        <TextField
          label={t('fieldCache')}
          name="cacheTtlSeconds"
          type="number"
          inputMode="numeric"
          min={60}
          max={86400}
          value={draft.cacheTtlSeconds}
          hint={t('cacheHint')}
          error={errors.cacheTtlSeconds || undefined}
          data-testid="feed-cache"
          onChange={(e) => set('cacheTtlSeconds', e.target.value)}
        />
      </form>
    </Modal>
  )
}
