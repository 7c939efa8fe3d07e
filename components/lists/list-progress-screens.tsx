'use client'
// Progress pages of one group (seed 001 §2.17): /list/{id}/{slug}/progress (the list's latest
// import, or the segment's recompute), /list/{id}/updating/monitor (a segment's recompute status
// and its last runs) and /list/{id}/merge-progress/{taskId} (a merge of another list into it).
import Link from 'next/link'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { EmptyState } from '@/components/ui/empty-state'
import { LinkButton } from '@/components/ui/button'
import { Table } from '@/components/ui/table'
import { GroupFrame, Loading, Meter } from './group-frame'
import { useGroup } from './use-group'
import { groupHref } from './slug'
import type { GroupDetail, ImportJobView } from './types'
import shared from './shared.module.css'

type Variant = 'success' | 'danger' | 'warning' | 'info' | 'neutral'
const VARIANT: Record<string, Variant> = {
  complete: 'success',
  done: 'success',
  failed: 'danger',
  dead: 'danger',
  cancelled: 'neutral',
  processing: 'info',
  running: 'info',
  queued: 'warning',
}
const STATUSES = ['complete', 'done', 'failed', 'dead', 'cancelled', 'processing', 'running', 'queued']
const statusKey = (s: string) => (STATUSES.includes(s) ? s : 'other')

function StatusBadge({ status }: { status: string }) {
  const t = useTranslations('audiencePages')
  return <Badge variant={VARIANT[status] ?? 'neutral'}>{t(`status.${statusKey(status)}`)}</Badge>
}

function useWhen() {
  const format = useFormatter()
  return (at: string | null) => (at ? format.dateTime(new Date(at), { dateStyle: 'medium', timeStyle: 'short' }) : '–')
}

export function GroupProgressScreen({ groupId }: { groupId: string }) {
  const t = useTranslations('audiencePages')
  return (
    <GroupFrame groupId={groupId} title={t('progressTitle')}>
      {(g) => (g.type === 0 ? <ImportProgress group={g} /> : <RecomputeProgress groupId={g.id} />)}
    </GroupFrame>
  )
}

function ImportProgress({ group }: { group: GroupDetail }) {
  const t = useTranslations('audiencePages')
  const format = useFormatter()
  const when = useWhen()
  const key = `/ajax/list/${encodeURIComponent(group.id)}/imports`
  // Poll while the import runs so the meter moves without a reload.
  const { data, error } = useSWR(key, (u: string) => http.get<{ data: ImportJobView[] }>(u).then((r) => r.data.data), {
    refreshInterval: (rows) => (rows?.[0] && ['queued', 'processing'].includes(rows[0].status) ? 2000 : 0),
  })
  if (error && !data) return <EmptyState heading={t('errorTitle')} body={t('errorBody')} />
  if (!data) return <Loading />
  const job = data[0]
  if (!job)
    return (
      <EmptyState
        heading={t('noImportTitle')}
        body={t('noImportBody')}
        actions={
          <LinkButton href={`/list/${encodeURIComponent(group.id)}/import/upload`} variant="primary">
            {t('startImport')}
          </LinkButton>
        }
      />
    )
  const percent = job.status === 'complete' ? 100 : job.percentComplete
  return (
    <Card title={t('importOf', { date: when(job.createdAt) })} actions={<StatusBadge status={job.status} />}>
      <div className={shared.stack} data-testid="import-progress">
        <Meter percent={percent} label={t('progressTitle')} />
        <p>
          {t('importCounts', {
            done: format.number(job.completedCount),
            total: format.number(job.totalCount),
            refused: format.number(job.failedCount),
          })}
        </p>
        <p className={shared.muted}>{t('finishedAt', { at: when(job.completedAt) })}</p>
        <Link className={shared.link} href={`/list/${encodeURIComponent(group.id)}/import/history`}>
          {t('allImports')}
        </Link>
      </div>
    </Card>
  )
}

interface Monitor {
  isProcessing: boolean
  percentComplete: number
  memberCount: number
  runs: Array<{
    id: number
    status: string
    attempts: number
    lastError: string | null
    createdAt: string
    finishedAt: string | null
  }>
}

function useMonitor(groupId: string) {
  return useSWR(
    `/ajax/list/${encodeURIComponent(groupId)}/recompute-runs`,
    (u: string) => http.get<Monitor>(u).then((r) => r.data),
    { refreshInterval: (m) => (m?.isProcessing ? 2000 : 0) },
  )
}

function RecomputeProgress({ groupId }: { groupId: string }) {
  const t = useTranslations('audiencePages')
  const format = useFormatter()
  const { data, error } = useMonitor(groupId)
  if (error && !data) return <EmptyState heading={t('errorTitle')} body={t('errorBody')} />
  if (!data) return <Loading />
  return (
    <Card title={data.isProcessing ? t('recomputing') : t('recomputeDone')}>
      <div className={shared.stack} data-testid="recompute-progress">
        <Meter percent={data.percentComplete} label={t('progressTitle')} />
        <p>{t('memberCount', { count: data.memberCount, formatted: format.number(data.memberCount) })}</p>
      </div>
    </Card>
  )
}

export function SegmentMonitorScreen({ groupId }: { groupId: string }) {
  const t = useTranslations('audiencePages')
  return (
    <GroupFrame groupId={groupId} title={t('monitorTitle')} only={1}>
      {(g) => (
        <div className={shared.stack}>
          <RecomputeProgress groupId={g.id} />
          <RecomputeRuns groupId={g.id} />
        </div>
      )}
    </GroupFrame>
  )
}

function RecomputeRuns({ groupId }: { groupId: string }) {
  const t = useTranslations('audiencePages')
  const when = useWhen()
  const { data } = useMonitor(groupId)
  if (!data) return null
  if (!data.runs.length) return <EmptyState heading={t('noRunsTitle')} body={t('noRunsBody')} />
  return (
    <Card title={t('lastRuns')} flush>
      <Table
        caption={t('lastRuns')}
        columns={[
          { key: 'started', header: t('colQueued') },
          { key: 'status', header: t('colStatus') },
          { key: 'finished', header: t('colFinished') },
          { key: 'error', header: t('colError') },
        ]}
        rows={data.runs.map((r) => ({
          id: String(r.id),
          started: when(r.createdAt),
          status: <StatusBadge status={r.status} />,
          finished: when(r.finishedAt),
          error: r.lastError ?? '–',
        }))}
      />
    </Card>
  )
}

/** The merge endpoint answers with `merge-{targetId}-{sourceId}-{epoch ms}` once it has finished. */
export function parseMergeTask(taskId: string): { targetId: string; sourceId: string; at: Date } | null {
  const m = /^merge-([A-Za-z0-9_]+)-([A-Za-z0-9_]+)-(\d{1,15})$/.exec(taskId)
  return m ? { targetId: m[1]!, sourceId: m[2]!, at: new Date(Number(m[3])) } : null
}

export function MergeProgressScreen({ groupId, taskId }: { groupId: string; taskId: string }) {
  const t = useTranslations('audiencePages')
  return (
    <GroupFrame groupId={groupId} title={t('mergeTitle')} only={0}>
      {(g) => <MergeTask group={g} taskId={taskId} />}
    </GroupFrame>
  )
}

function MergeTask({ group, taskId }: { group: GroupDetail; taskId: string }) {
  const t = useTranslations('audiencePages')
  const format = useFormatter()
  const when = useWhen()
  const task = parseMergeTask(taskId)
  const source = useGroup(task?.sourceId ?? '')
  if (!task || task.targetId !== group.id)
    return <EmptyState heading={t('mergeUnknownTitle')} body={t('mergeUnknownBody')} />
  return (
    <Card title={t('mergeDone')} actions={<StatusBadge status="complete" />}>
      <div className={shared.stack} data-testid="merge-progress">
        <Meter percent={100} label={t('mergeTitle')} />
        <p>
          {source.data ? (
            <>
              {t('mergedFrom')}{' '}
              <Link className={shared.link} href={groupHref(source.data)}>
                {source.data.name}
              </Link>
            </>
          ) : source.missing ? (
            t('mergedFromDeleted')
          ) : null}
        </p>
        <p className={shared.muted}>{t('finishedAt', { at: when(task.at.toISOString()) })}</p>
        <p>{t('memberCount', { count: group.memberCount, formatted: format.number(group.memberCount) })}</p>
      </div>
    </Card>
  )
}
