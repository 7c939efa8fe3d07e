'use client'
// /list/{id}/reports/segment: how the list's members split across the account's segments;
// segment/profiles?segment_id=…: the list's members who are in that segment.
import { useState } from 'react'
import Link from 'next/link'
import { useFormatter, useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Notification } from '@/components/ui/notification'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Spinner } from '@/components/ui/spinner'
import { profilePath } from '@/lib/profile-view/slug'
import { useInsight } from './insights-api'
import styles from './insights.module.css'

interface Split {
  group: { id: string; name: string }
  members: number
  segments: Array<{ id: string; name: string; profiles: number }>
}
interface SegmentProfiles {
  group: { id: string; name: string }
  segment: { id: string; name: string }
  profiles: Array<{ id: string; email: string | null; name: string | null }>
  hasNext: boolean
}

export function ListSegmentSplitScreen({ groupId }: { groupId: string }) {
  const t = useTranslations('insights')
  const format = useFormatter()
  const { data, error } = useInsight<Split>(`/ajax/insights/list/${encodeURIComponent(groupId)}/segments`)
  const pct = (n: number) =>
    format.number(data?.members ? n / data.members : 0, { style: 'percent', maximumFractionDigits: 1 })
  return (
    <Page>
      <PageHead title={data ? t('listSegmentsTitle', { name: data.group.name }) : t('listSegmentsHeading')} />
      <PageBody>
        {error && <Notification variant="error">{t('loadError')}</Notification>}
        {!data && !error && (
          <div className={styles.centered}>
            <Spinner size="large" />
          </div>
        )}
        {data && (
          <Card flush>
            <p className={styles.note}>{t('listSegmentsNote', { count: data.members })}</p>
            {data.segments.length === 0 ? (
              <p className={styles.note}>{t('listSegmentsEmpty')}</p>
            ) : (
              <div className={styles.tableWrap} role="region" aria-label={t('listSegmentsHeading')} tabIndex={0}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t('segment')}</th>
                      <th scope="col" className={styles.num}>
                        {t('groupMembers')}
                      </th>
                      <th scope="col" className={styles.num}>
                        {t('shareOfList')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.segments.map((s) => (
                      <tr key={s.id}>
                        <td>
                          <Link
                            href={`/list/${encodeURIComponent(groupId)}/reports/segment/profiles?segment_id=${encodeURIComponent(s.id)}`}
                          >
                            {s.name}
                          </Link>
                        </td>
                        <td className={styles.num}>{format.number(s.profiles)}</td>
                        <td className={styles.num}>{pct(s.profiles)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Card>
        )}
      </PageBody>
    </Page>
  )
}

export function ListSegmentProfilesScreen({ groupId, segmentId }: { groupId: string; segmentId: string }) {
  const t = useTranslations('insights')
  const [page, setPage] = useState(1)
  const { data, error } = useInsight<SegmentProfiles>(
    segmentId ? `/ajax/insights/list/${encodeURIComponent(groupId)}/segment-profiles` : null,
    { segment_id: segmentId, page, page_size: 25 },
  )
  return (
    <Page>
      <PageHead
        title={
          data
            ? t('listSegmentProfilesTitle', { list: data.group.name, segment: data.segment.name })
            : t('listSegmentsHeading')
        }
        description={<Link href={`/list/${encodeURIComponent(groupId)}/reports/segment`}>{t('backToSplit')}</Link>}
      />
      <PageBody>
        {(error || !segmentId) && <Notification variant="error">{t('loadError')}</Notification>}
        {!data && !error && segmentId && (
          <div className={styles.centered}>
            <Spinner size="large" />
          </div>
        )}
        {data && (
          <Card
            flush
            actions={
              (page > 1 || data.hasNext) && (
                <div className={styles.actions}>
                  <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                    {t('previousPage')}
                  </Button>
                  <Button size="small" disabled={!data.hasNext} onClick={() => setPage(page + 1)}>
                    {t('nextPage')}
                  </Button>
                </div>
              )
            }
          >
            <ul>
              {data.profiles.map((p) => (
                <li key={p.id}>
                  <Link href={profilePath(p.id)}>{p.name || p.email || p.id}</Link>
                  {p.name && p.email ? ` · ${p.email}` : ''}
                </li>
              ))}
            </ul>
          </Card>
        )}
      </PageBody>
    </Page>
  )
}
