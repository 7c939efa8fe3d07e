'use client'
// /list/{listId}/{slug}: one list or segment: its header and actions, for a segment its
// definition and recompute progress, and its members.
import { useState } from 'react'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { useFeatureFlags, usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { Button, LinkButton } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { segmentDefinition } from '@/lib/segments/definition'
import { DefinitionSummary } from '@/components/segment-builder/definition-summary'
import { MembersTable } from './members-table'
import { ConfirmModal } from './confirm-modal'
import { GroupLoadError, GroupMissing } from './group-missing'
import { ProgressMeter, useProcessingProgress } from './processing-indicator'
import { useGroup } from './use-group'
import { slugOf } from './slug'
import type { GroupDetail } from './types'
import shared from './shared.module.css'
import styles from './list-detail-screen.module.css'

function SegmentProgress({ group, onDone }: { group: GroupDetail; onDone: () => void }) {
  const t = useTranslations('lists')
  const { percent, done } = useProcessingProgress(group.id, group.isProcessing, group.processingPercent, onDone)
  if (!group.isProcessing || done) return null
  return (
    <Card>
      <div className={shared.stack} data-testid="segment-progress">
        <div className={styles.progressHead}>
          <Spinner size="small" delayMs={0} />
          <strong>{t('recomputeTitle')}</strong>
          <span className={shared.muted}>{t('processing', { percent })}</span>
        </div>
        <ProgressMeter percent={percent} label={t('recomputeTitle')} />
        <p className={shared.muted}>{t('recomputeBody')}</p>
      </div>
    </Card>
  )
}

export function ListDetailScreen({ listId }: { listId: string }) {
  const t = useTranslations('lists')
  const tg = useTranslations('growth')
  const tp = useTranslations('listPages')
  const format = useFormatter()
  const router = useRouter()
  const toast = useToast()
  const canWrite = usePermission('groups_write')
  const flags = useFeatureFlags()
  const { data: group, error, isLoading, missing, mutate } = useGroup(listId)
  const [confirming, setConfirming] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const [deleteError, setDeleteError] = useState<string | null>(null)

  if (missing) return <GroupMissing />
  if (error && !group) return <GroupLoadError onRetry={() => void mutate()} />
  if (isLoading || !group) {
    return (
      <Page>
        <div className={shared.center}>
          <Spinner size="large" />
        </div>
      </Page>
    )
  }

  const isList = group.type === 0
  const base = `/list/${encodeURIComponent(group.id)}`
  const parsed = !isList && group.definition ? segmentDefinition.safeParse(group.definition) : null

  async function remove() {
    setDeleting(true)
    setDeleteError(null)
    try {
      await http.delete(`/ajax/group/${encodeURIComponent(group!.id)}`)
      toast.show({ variant: 'success', content: t('groupDeletedToast', { name: group!.name }) })
      router.push('/lists')
    } catch {
      setDeleteError(t('deleteError'))
      setDeleting(false)
    }
  }

  const importButton =
    canWrite && isList ? (
      <LinkButton href={`${base}/import/upload`} variant="primary" data-testid="import-contacts">
        {t('importContacts')}
      </LinkButton>
    ) : undefined

  return (
    <Page>
      <PageHead
        title={group.name}
        description={
          <span className={styles.meta}>
            <Badge variant={isList ? 'info' : 'intelligence'}>{isList ? t('typeList') : t('typeSegment')}</Badge>
            <span data-testid="group-member-count">
              {t('memberCount', { count: group.memberCount, formatted: format.number(group.memberCount) })}
            </span>
            <span>{t('createdOn', { date: format.dateTime(new Date(group.createdAt), { dateStyle: 'medium' }) })}</span>
            {isList && group.optInProcess && (
              <span>{group.optInProcess === 'double_opt_in' ? t('optInDouble') : t('optInSingle')}</span>
            )}
          </span>
        }
        actions={
          <>
            {flags.subscriber_growth_report && (
              <LinkButton href={`${base}/reports/growth`}>{t('growthReport')}</LinkButton>
            )}
            {!isList && canWrite && (
              <LinkButton href={`${base}/edit/${slugOf(group.name)}`}>{t('editDefinition')}</LinkButton>
            )}
            {isList && (
              <LinkButton href={`${base}/forms`} data-testid="list-forms">
                {tg('listFormsTitle')}
              </LinkButton>
            )}
            {isList && (
              <LinkButton href={`${base}/embed`} data-testid="list-embed">
                {tg('embedTitle')}
              </LinkButton>
            )}
            <LinkButton href={`${base}/settings`}>{t('settings')}</LinkButton>
            {canWrite && (
              <Button
                variant="danger"
                onClick={() => {
                  setDeleteError(null)
                  setConfirming(true)
                }}
                data-testid="delete-group"
              >
                {t('delete')}
              </Button>
            )}
            {importButton}
          </>
        }
      />
      <PageBody>
        {!isList && <SegmentProgress group={group} onDone={() => void mutate()} />}
        {!isList && (
          <Card title={t('definitionTitle')}>
            {parsed?.success ? (
              <DefinitionSummary definition={parsed.data} />
            ) : (
              <p className={shared.muted}>{t('definitionUnavailable')}</p>
            )}
          </Card>
        )}
        {isList && (
          <nav className={styles.subLinks} aria-label={tp('moreLabel')}>
            {canWrite && <Link href={`${base}/members/add`}>{tp('addTitle')}</Link>}
            <Link href={`${base}/import/history`}>{tp('importHistoryTitle')}</Link>
            <Link href={`${base}/suppressed`}>{tp('suppressedTitle')}</Link>
          </nav>
        )}
        <MembersTable
          groupId={group.id}
          isList={isList}
          canWrite={canWrite}
          onChanged={() => void mutate()}
          emptyActions={importButton}
        />
      </PageBody>
      <ConfirmModal
        open={confirming}
        title={t('deleteGroupTitle', { name: group.name })}
        confirmLabel={t('deleteConfirm')}
        busy={deleting}
        error={deleteError}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      >
        <p>{isList ? t('deleteListBody') : t('deleteSegmentBody')}</p>
      </ConfirmModal>
    </Page>
  )
}
