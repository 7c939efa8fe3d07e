'use client'
// /lists/inactive: lists and segments with no one joining and no campaign sent to them in the
// last 90 days, with how long they have been quiet and a star to keep the ones worth keeping.
import Link from 'next/link'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { EmptyState } from '@/components/ui/empty-state'
import { LinkButton } from '@/components/ui/button'
import { Table } from '@/components/ui/table'
import { Loading } from './group-frame'
import { StarButton } from './star-button'
import { groupHref } from './slug'
import type { GroupSummary } from './types'
import shared from './shared.module.css'

interface InactiveGroup extends GroupSummary {
  lastJoinedAt: string | null
}
interface InactiveResponse {
  days: number
  data: InactiveGroup[]
}

export function InactiveListsScreen() {
  const t = useTranslations('audiencePages')
  const format = useFormatter()
  const toast = useToast()
  const canWrite = usePermission('groups_write')
  const { data, error, mutate } = useSWR('/ajax/lists/inactive', (u: string) =>
    http.get<InactiveResponse>(u).then((r) => r.data),
  )

  async function toggleStar(g: InactiveGroup) {
    const patch = (r: InactiveResponse) => ({
      ...r,
      data: r.data.map((x) => (x.id === g.id ? { ...x, isStarred: !g.isStarred } : x)),
    })
    await mutate(
      async (cur) => {
        await http.patch(`/ajax/group/${encodeURIComponent(g.id)}`, { isStarred: !g.isStarred })
        return cur && patch(cur)
      },
      {
        optimisticData: (cur) => (cur ? patch(cur) : { days: 90, data: [] }),
        rollbackOnError: true,
        revalidate: false,
      },
    ).catch(() => toast.show({ variant: 'error', content: t('starError') }))
  }

  let body
  if (error && !data) body = <EmptyState heading={t('errorTitle')} body={t('errorBody')} />
  else if (!data) body = <Loading />
  else if (!data.data.length)
    body = (
      <EmptyState
        heading={t('inactiveEmptyTitle')}
        body={t('inactiveEmptyBody', { days: data.days })}
        actions={<LinkButton href="/lists">{t('allLists')}</LinkButton>}
      />
    )
  else
    body = (
      <Card flush>
        <Table
          caption={t('inactiveTitle')}
          columns={[
            { key: 'star', header: <span className="visually-hidden">{t('colStar')}</span> },
            { key: 'name', header: t('colName') },
            { key: 'type', header: t('colType') },
            { key: 'members', header: t('colMembers'), align: 'right' },
            { key: 'joined', header: t('colLastJoined'), align: 'right' },
          ]}
          rows={data.data.map((g) => ({
            id: g.id,
            star: (
              <StarButton
                starred={g.isStarred}
                disabled={!canWrite}
                label={g.isStarred ? t('unstar', { name: g.name }) : t('star', { name: g.name })}
                onToggle={() => void toggleStar(g)}
              />
            ),
            name: (
              <Link className={shared.link} href={groupHref(g)} data-testid="inactive-group">
                {g.name}
              </Link>
            ),
            type: <Badge>{g.type === 0 ? t('typeList') : t('typeSegment')}</Badge>,
            members: format.number(g.memberCount),
            joined: g.lastJoinedAt ? format.dateTime(new Date(g.lastJoinedAt), { dateStyle: 'medium' }) : t('never'),
          }))}
        />
      </Card>
    )

  return (
    <Page>
      <PageHead title={t('inactiveTitle')} description={t('inactiveDescription', { days: data?.days ?? 90 })} />
      <PageBody>{body}</PageBody>
    </Page>
  )
}
