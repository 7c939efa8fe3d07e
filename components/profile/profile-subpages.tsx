'use client'
// The profile's sub-pages (/profile/{id}/activity-log, campaigns, lists-and-segments, metrics):
// the profile's name and a row of links between the pages, then one table each.
import Link from 'next/link'
import useSWR from 'swr'
import useSWRInfinite from 'swr/infinite'
import { useFormatter, useTranslations } from 'next-intl'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Spinner } from '@/components/ui/spinner'
import { Table } from '@/components/ui/table'
import { http } from '@/lib/client/http'
import type {
  ActivityEntry,
  ProfileGroupRow,
  ProfileMessagesPage,
  ProfileMetricRow,
} from '@/lib/profile-view/profile-pages'
import { listPath, metricPath } from '@/lib/profile-view/slug'
import { ProfileObjects } from '@/components/objects/profile-objects'
import { profileKey } from './profile-api'
import styles from './profile-subpages.module.css'

export type ProfileSubpage = 'activity-log' | 'campaigns' | 'lists-and-segments' | 'metrics' | 'objects'
const PAGES: ProfileSubpage[] = ['activity-log', 'campaigns', 'lists-and-segments', 'metrics', 'objects']

const RAW = { transformKeys: false } as const
const get = <T,>(url: string) => http.get<T>(url, RAW).then((r) => r.data)

export interface ProfileSubpageProps {
  profileId: string
  name: string
  subtitle: string
  page: ProfileSubpage
  timeZone: string
  /** On /profile/{id}/all-custom-objects/{key}: the custom object type shown. */
  objectKey?: string
}

export function ProfileSubpageScreen({ profileId, name, subtitle, page, timeZone, objectKey }: ProfileSubpageProps) {
  const t = useTranslations('profilePages')
  const base = `/profile/${encodeURIComponent(profileId)}`
  return (
    <Page width="full">
      <PageHead title={name} description={subtitle || undefined} />
      <PageBody>
        <nav className={styles.tabs} aria-label={t('navLabel')}>
          <Link href={base}>{t('tab.profile')}</Link>
          {PAGES.map((p) => (
            <Link key={p} href={`${base}/${p}`} aria-current={p === page ? 'page' : undefined}>
              {t(`tab.${p}`)}
            </Link>
          ))}
        </nav>
        <div data-testid={`profile-${page}`}>
          {page === 'activity-log' && <ActivityLog profileId={profileId} timeZone={timeZone} />}
          {page === 'campaigns' && <Messages profileId={profileId} timeZone={timeZone} />}
          {page === 'lists-and-segments' && <Groups profileId={profileId} timeZone={timeZone} />}
          {page === 'metrics' && <Metrics profileId={profileId} timeZone={timeZone} />}
          {page === 'objects' && <ProfileObjects profileId={profileId} objectKey={objectKey} />}
        </div>
      </PageBody>
    </Page>
  )
}

function Loading({ error }: { error: unknown }) {
  const t = useTranslations('profilePages')
  if (error) return <EmptyState heading={t('errorTitle')} body={t('errorBody')} />
  return (
    <div className={styles.loading}>
      <Spinner />
    </div>
  )
}

function useWhen(timeZone: string) {
  const format = useFormatter()
  return (at: string) => format.dateTime(new Date(at), { dateStyle: 'medium', timeStyle: 'short', timeZone })
}

function ActivityLog({ profileId, timeZone }: { profileId: string; timeZone: string }) {
  const t = useTranslations('profilePages')
  const when = useWhen(timeZone)
  const { data, error } = useSWR(`${profileKey(profileId)}/activity-log`, get<{ entries: ActivityEntry[] }>)
  if (!data) return <Loading error={error} />
  const describe = (e: ActivityEntry) => {
    switch (e.kind) {
      case 'group_entered':
      case 'group_left':
        return t(e.kind === 'group_entered' ? 'activity.entered' : 'activity.left', {
          type: e.groupType ?? 'list',
          name: e.groupName ?? t('deletedGroup'),
        })
      case 'consent':
        return t('activity.consent', { channel: t(`channel.${channelKey(e.channel)}`), status: e.status ?? '' })
      default:
        return t(`activity.${e.kind}`)
    }
  }
  return (
    <Card title={t('activityTitle')}>
      <Table
        caption={t('activityTitle')}
        columns={[
          { key: 'what', header: t('colWhat') },
          { key: 'detail', header: t('colDetail') },
          { key: 'at', header: t('colWhen'), align: 'right' },
        ]}
        rows={data.entries.map((e, i) => ({
          id: `${e.kind}-${e.at}-${i}`,
          what: describe(e),
          detail: [e.method, e.source].filter(Boolean).join(' · '),
          at: when(e.at),
        }))}
        empty={t('activityEmpty')}
      />
    </Card>
  )
}

const channelKey = (c: string | undefined) =>
  c === 'sms_marketing' || c === 'sms_transactional' || c === 'email_marketing' || c === 'push' ? c : 'other'

const STATUS_VARIANT: Record<string, 'success' | 'danger' | 'warning' | 'neutral'> = {
  sent: 'success',
  delivered: 'success',
  bounced: 'danger',
  failed: 'danger',
  skipped: 'warning',
  deferred: 'warning',
}

function Messages({ profileId, timeZone }: { profileId: string; timeZone: string }) {
  const t = useTranslations('profilePages')
  const when = useWhen(timeZone)
  const { data, error, size, setSize, isValidating } = useSWRInfinite(
    (i: number, prev: ProfileMessagesPage | null) => {
      if (prev && !prev.next) return null
      const cursor = prev?.next ? `?cursor=${encodeURIComponent(prev.next)}` : ''
      return `${profileKey(profileId)}/messages${cursor}`
    },
    get<ProfileMessagesPage>,
  )
  if (!data) return <Loading error={error} />
  const rows = data.flatMap((p) => p.messages)
  const more = Boolean(data[data.length - 1]?.next)
  if (!rows.length) return <EmptyState heading={t('messagesEmptyTitle')} body={t('messagesEmptyBody')} />
  return (
    <Card title={t('messagesTitle')}>
      <Table
        caption={t('messagesTitle')}
        columns={[
          { key: 'message', header: t('colMessage') },
          { key: 'source', header: t('colSource') },
          { key: 'channel', header: t('colChannel') },
          { key: 'status', header: t('colStatus') },
          { key: 'at', header: t('colWhen'), align: 'right' },
        ]}
        rows={rows.map((m) => ({
          id: m.id,
          message: m.subject || t('noSubject'),
          source:
            m.source === 'campaign' && m.sourceRef ? (
              <Link href={`/campaign/${encodeURIComponent(m.sourceRef)}/reports/overview`}>{m.sourceName}</Link>
            ) : m.source === 'flow' && m.sourceRef ? (
              <Link href={`/flow/${encodeURIComponent(m.sourceRef)}/edit`}>{m.sourceName}</Link>
            ) : (
              t('sourceOther')
            ),
          channel: m.channel.toUpperCase() === 'SMS' ? 'SMS' : m.channel.charAt(0).toUpperCase() + m.channel.slice(1),
          status: (
            <span title={m.reason ?? undefined}>
              <Badge variant={STATUS_VARIANT[m.status] ?? 'neutral'}>{m.status}</Badge>
            </span>
          ),
          at: when(m.at),
        }))}
      />
      {more && (
        <div className={styles.more}>
          <Button onClick={() => void setSize(size + 1)} disabled={isValidating}>
            {t('loadMore')}
          </Button>
        </div>
      )}
    </Card>
  )
}

function Groups({ profileId, timeZone }: { profileId: string; timeZone: string }) {
  const t = useTranslations('profilePages')
  const when = useWhen(timeZone)
  const { data, error } = useSWR(`${profileKey(profileId)}/groups`, get<{ groups: ProfileGroupRow[] }>)
  if (!data) return <Loading error={error} />
  if (!data.groups.length) return <EmptyState heading={t('groupsEmptyTitle')} body={t('groupsEmptyBody')} />
  return (
    <Card title={t('groupsTitle')}>
      <Table
        caption={t('groupsTitle')}
        columns={[
          { key: 'name', header: t('colName') },
          { key: 'type', header: t('colType') },
          { key: 'state', header: t('colState') },
          { key: 'entered', header: t('colEntered'), align: 'right' },
          { key: 'left', header: t('colLeft'), align: 'right' },
        ]}
        rows={data.groups.map((g) => ({
          id: g.groupId,
          name: <Link href={listPath(g.groupId, g.name)}>{g.name}</Link>,
          type: t(g.type === 'segment' ? 'typeSegment' : 'typeList'),
          state: g.leftAt ? (
            <Badge variant="neutral">{t('stateLeft')}</Badge>
          ) : (
            <Badge variant="success">{t('stateMember')}</Badge>
          ),
          entered: when(g.enteredAt),
          left: g.leftAt ? when(g.leftAt) : '–',
        }))}
      />
    </Card>
  )
}

function Metrics({ profileId, timeZone }: { profileId: string; timeZone: string }) {
  const t = useTranslations('profilePages')
  const format = useFormatter()
  const when = useWhen(timeZone)
  const { data, error } = useSWR(`${profileKey(profileId)}/metrics`, get<{ metrics: ProfileMetricRow[] }>)
  if (!data) return <Loading error={error} />
  if (!data.metrics.length) return <EmptyState heading={t('metricsEmptyTitle')} body={t('metricsEmptyBody')} />
  return (
    <Card title={t('metricsTitle')}>
      <Table
        caption={t('metricsTitle')}
        columns={[
          { key: 'name', header: t('colMetric') },
          { key: 'count', header: t('colCount'), align: 'right' },
          { key: 'value', header: t('colValue'), align: 'right' },
          { key: 'first', header: t('colFirst'), align: 'right' },
          { key: 'last', header: t('colLast'), align: 'right' },
        ]}
        rows={data.metrics.map((m) => ({
          id: m.metricId,
          name: <Link href={metricPath(m.metricId, m.name)}>{m.name}</Link>,
          count: format.number(m.count),
          value: m.value ? format.number(m.value, { maximumFractionDigits: 2 }) : '–',
          first: when(m.first),
          last: when(m.last),
        }))}
      />
    </Card>
  )
}
