'use client'
// /list/{listId}/edit/{slug}: a segment's definition in the builder. Saving a changed definition
// recomputes the members in the background.
import { useTranslations } from 'next-intl'
import { segmentDefinition } from '@/lib/segments/definition'
import { Page, PageBody } from '@/components/ui/page'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { LinkButton } from '@/components/ui/button'
import { GroupLoadError, GroupMissing } from '@/components/lists/group-missing'
import { useGroup } from '@/components/lists/use-group'
import { groupHref } from '@/components/lists/slug'
import shared from '@/components/lists/shared.module.css'
import { isBuilderShaped } from './definition-state'
import { SegmentBuilderScreen } from './segment-builder-screen'

export function SegmentEditScreen({ groupId }: { groupId: string }) {
  const t = useTranslations('segmentBuilder')
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
  const parsed = group.type === 1 ? segmentDefinition.safeParse(group.definition) : null
  if (!parsed?.success || !isBuilderShaped(parsed.data)) {
    return (
      <Page>
        <PageBody>
          <Notification variant="warning" title={group.type === 1 ? t('cannotEditTitle') : t('notASegmentTitle')}>
            {group.type === 1 ? t('cannotEditBody') : t('notASegmentBody')}
          </Notification>
          <div>
            <LinkButton href={groupHref(group)}>{t('cancel')}</LinkButton>
          </div>
        </PageBody>
      </Page>
    )
  }
  return <SegmentBuilderScreen key={group.id} segment={{ id: group.id, name: group.name, definition: parsed.data }} />
}
