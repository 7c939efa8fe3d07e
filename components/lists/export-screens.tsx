'use client'
// /list/{id}/export/choose-properties (pick the columns of the members CSV, then start it) and
// /list/{id}/export/status (the user's list exports with their progress and download links).
import { useState, type FormEvent } from 'react'
import { useRouter } from 'next/navigation'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { readHttpFailure } from '@/components/auth/http-failure'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { Button, LinkButton } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Table } from '@/components/ui/table'
import { GroupFrame, Loading } from './group-frame'
import type { GroupDetail } from './types'
import styles from './forms.module.css'
import shared from './shared.module.css'

// Mirrors EXPORT_COLUMNS of lib/groups/export-list-members.ts (the server checks the names).
const COLUMNS = [
  'id',
  'email',
  'phone_number',
  'external_id',
  'first_name',
  'last_name',
  'organization',
  'city',
  'region',
  'country',
  'zip',
  'joined_at',
  'source',
] as const

const statusHref = (groupId: string, downloadId?: number) => {
  const path = `/list/${encodeURIComponent(groupId)}/export/status`
  return downloadId ? `${path}?download=${downloadId}` : path
}

export function ExportChoosePropertiesScreen({ groupId }: { groupId: string }) {
  const t = useTranslations('audiencePages')
  return (
    <GroupFrame groupId={groupId} title={t('exportTitle')}>
      {(g) => <ChooseProperties group={g} />}
    </GroupFrame>
  )
}

function ChooseProperties({ group }: { group: GroupDetail }) {
  const t = useTranslations('audiencePages')
  const router = useRouter()
  const [chosen, setChosen] = useState<string[]>(['email', 'first_name', 'last_name', 'joined_at'])
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  const toggle = (c: string) => setChosen((cur) => (cur.includes(c) ? cur.filter((x) => x !== c) : [...cur, c]))

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (!chosen.length) return setError(t('chooseOne'))
    setSaving(true)
    setError(null)
    try {
      const res = await http.post<{ download: { downloadId: number } }>(
        `/ajax/list/${encodeURIComponent(group.id)}/export`,
        { columns: COLUMNS.filter((c) => chosen.includes(c)) },
      )
      router.push(statusHref(group.id, res.data.download.downloadId))
    } catch (err) {
      const f = readHttpFailure(err)
      setError(f.fieldErrors.columns ?? f.message ?? t('exportError'))
      setSaving(false)
    }
  }

  return (
    <Card>
      <form className={styles.form} onSubmit={submit} noValidate>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('chooseProperties', { count: group.memberCount })}</legend>
          {COLUMNS.map((c) => (
            <label key={c} className={`${styles.choice} ${chosen.includes(c) ? styles.choiceOn : ''}`}>
              <input type="checkbox" checked={chosen.includes(c)} onChange={() => toggle(c)} data-testid={`col-${c}`} />
              <span>
                <strong>{t(`column.${c}`)}</strong>
              </span>
            </label>
          ))}
        </fieldset>
        <div className={shared.toolbar}>
          <Button type="button" onClick={() => setChosen([...COLUMNS])}>
            {t('chooseAll')}
          </Button>
          <Button type="button" onClick={() => setChosen([])}>
            {t('chooseNone')}
          </Button>
        </div>
        {error && <Notification variant="error">{error}</Notification>}
        <div className={styles.actions}>
          <Button type="submit" variant="primary" loading={saving} data-testid="export-submit">
            {t('exportSubmit')}
          </Button>
          <LinkButton href={statusHref(group.id)}>{t('exportsLink')}</LinkButton>
        </div>
      </form>
    </Card>
  )
}

interface DownloadRow {
  id: number
  name: string
  status: 'queued' | 'processing' | 'complete' | 'failed'
  rowCount: number
  createdAt: string
  url: string | null
}

const VARIANT = { complete: 'success', failed: 'danger', processing: 'info', queued: 'warning' } as const

export function ExportStatusScreen({ groupId, downloadId }: { groupId: string; downloadId?: number }) {
  const t = useTranslations('audiencePages')
  return (
    <GroupFrame
      groupId={groupId}
      title={t('exportStatusTitle')}
      actions={(g) => (
        <LinkButton variant="primary" href={`/list/${encodeURIComponent(g.id)}/export/choose-properties`}>
          {t('newExport')}
        </LinkButton>
      )}
    >
      {() => <ExportStatus downloadId={downloadId} />}
    </GroupFrame>
  )
}

function ExportStatus({ downloadId }: { downloadId?: number }) {
  const t = useTranslations('audiencePages')
  const format = useFormatter()
  const { data, error } = useSWR(
    '/ajax/downloads/status?download_type=list_members&row_count=20',
    (u: string) => http.get<{ downloads: DownloadRow[]; processing: boolean }>(u).then((r) => r.data),
    { refreshInterval: (d) => (d?.processing ? 2000 : 0) },
  )
  if (error && !data) return <EmptyState heading={t('errorTitle')} body={t('errorBody')} />
  if (!data) return <Loading />
  if (!data.downloads.length) return <EmptyState heading={t('noExportsTitle')} body={t('noExportsBody')} />
  return (
    <Card flush>
      <Table
        caption={t('exportStatusTitle')}
        columns={[
          { key: 'file', header: t('colFile') },
          { key: 'status', header: t('colStatus') },
          { key: 'rows', header: t('colRows'), align: 'right' },
          { key: 'created', header: t('colCreated'), align: 'right' },
        ]}
        rows={data.downloads.map((d) => ({
          id: String(d.id),
          file: d.url ? (
            <a
              className={shared.link}
              href={d.url}
              download
              data-testid={d.id === downloadId ? 'this-export' : undefined}
            >
              {d.name}
            </a>
          ) : (
            <span data-testid={d.id === downloadId ? 'this-export' : undefined}>{d.name}</span>
          ),
          status: (
            <Badge variant={VARIANT[d.status] ?? 'neutral'}>
              {t(`status.${d.status}`)}
              {d.id === downloadId ? ` · ${t('thisExport')}` : ''}
            </Badge>
          ),
          rows: format.number(d.rowCount),
          created: format.dateTime(new Date(d.createdAt), { dateStyle: 'medium', timeStyle: 'short' }),
        }))}
      />
    </Card>
  )
}
