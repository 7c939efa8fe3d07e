'use client'
// The frame of a page under one list or segment: reads the group (unknown id → "list not found"),
// shows a back link to it, and an empty state when the page is for the other kind of group.
import type { ReactNode } from 'react'
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { EmptyState } from '@/components/ui/empty-state'
import { Spinner } from '@/components/ui/spinner'
import { GroupLoadError, GroupMissing } from './group-missing'
import { groupHref } from './slug'
import { useGroup } from './use-group'
import type { GroupDetail } from './types'
import shared from './shared.module.css'

export function GroupFrame({
  groupId,
  title,
  only,
  actions,
  children,
}: {
  groupId: string
  title: string
  /** 0: lists only, 1: segments only. */
  only?: 0 | 1
  actions?: (group: GroupDetail) => ReactNode
  children: (group: GroupDetail) => ReactNode
}) {
  const t = useTranslations('audiencePages')
  const { data: group, error, missing, mutate } = useGroup(groupId)
  if (missing) return <GroupMissing />
  if (error && !group) return <GroupLoadError onRetry={() => void mutate()} />
  if (!group)
    return (
      <Page>
        <div className={shared.center}>
          <Spinner size="large" />
        </div>
      </Page>
    )
  const wrongKind = only !== undefined && group.type !== only
  return (
    <Page>
      <PageHead
        title={title}
        description={
          <Link href={groupHref(group)} data-testid="back-to-group">
            {t('backTo', { name: group.name })}
          </Link>
        }
        actions={wrongKind ? undefined : actions?.(group)}
      />
      <PageBody>
        {wrongKind ? (
          <EmptyState
            heading={only === 1 ? t('segmentOnlyTitle') : t('listOnlyTitle')}
            body={only === 1 ? t('segmentOnlyBody') : t('listOnlyBody')}
          />
        ) : (
          children(group)
        )}
      </PageBody>
    </Page>
  )
}

export function Loading() {
  return (
    <div className={shared.center}>
      <Spinner />
    </div>
  )
}

export function Meter({ percent, label }: { percent: number; label: string }) {
  const p = Math.max(0, Math.min(100, Math.round(percent)))
  return (
    <div
      className={shared.meter}
      role="progressbar"
      aria-valuenow={p}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-label={label}
    >
      <div className={shared.meterFill} style={{ width: `${p}%` }} />
    </div>
  )
}
