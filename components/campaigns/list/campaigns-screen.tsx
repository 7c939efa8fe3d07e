'use client'
// /campaigns/{view}: the list (name, channel, status, send time, recipients, open and click
// rates; filters by channel, status and tag, search, sorts, archived tab) and the calendar
// (a month grid of scheduled and sent campaigns). Row actions ask for confirmation first.
import { useState } from 'react'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { usePermission } from '@/lib/client/shell-context'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Table } from '@/components/ui/table'
import { Button, LinkButton } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Notification } from '@/components/ui/notification'
import { EmptyState } from '@/components/ui/empty-state'
import { NoResultsState } from '@/components/ui/library-states'
import { MailIcon } from '@/components/ui/icons'
import { TableSkeleton } from '@/components/lists/table-skeleton'
import { Pager } from '@/components/lists/pager'
import { ConfirmModal } from '@/components/lists/confirm-modal'
import { useDebouncedValue } from '@/components/lists/use-debounced-value'
import { getJson, getWithParams } from '@/components/lists/fetcher'
import { readHttpFailure } from '@/components/auth/http-failure'
import shared from '@/components/lists/shared.module.css'
import rowStyles from '@/components/ui/list-rows.module.css'
import flowStyles from '@/components/flows/list/flows-list.module.css'
import type { TagGroupView } from '@/lib/tags/tags-overview'
import { campaignsApi, CHANNELS, type CampaignPage, type CampaignView } from '../campaigns-api'
import { CampaignStatusBadge, STATUS_FILTERS, useChannelLabel, useStatusLabel } from '../campaign-status-badge'
import { CampaignRowMenu, campaignHref, type RowAction } from './campaign-row-menu'
import { CreateCampaignModal } from './create-campaign-modal'
import { CalendarView } from './calendar-view'
import { RowFigure } from './row-figures'

const PAGE_SIZE = 25
type SortKey = 'last_modified' | 'first_modified' | 'last_sent' | 'first_sent'
const SENT_LIKE = ['Sent', 'Sending', 'Paused', 'Variations Sent', 'Sending Segments']

export function CampaignsScreen({ view }: { view: 'list' | 'calendar' }) {
  const t = useTranslations('campaigns')
  const format = useFormatter()
  const toast = useToast()
  const router = useRouter()
  const channelLabel = useChannelLabel()
  const statusLabel = useStatusLabel()
  const canWrite = usePermission('campaigns_write')
  const [archived, setArchived] = useState(false)
  const [search, setSearch] = useState('')
  const [channel, setChannel] = useState('')
  const [status, setStatus] = useState('')
  const [tag, setTag] = useState('')
  const [sort, setSort] = useState<SortKey>('last_modified')
  const [page, setPage] = useState(1)
  const [creating, setCreating] = useState(false)
  const [confirm, setConfirm] = useState<{ action: RowAction; campaign: CampaignView } | null>(null)
  const [busy, setBusy] = useState(false)
  const [confirmError, setConfirmError] = useState<string | null>(null)
  const debounced = useDebouncedValue(search.trim(), 300)

  const filters = {
    channel: channel || undefined,
    status: status || undefined,
    tag: tag || undefined,
    q: debounced || undefined,
    archived: archived ? 'true' : 'false',
  }
  const { data, error, isLoading, mutate } = useSWR(
    view === 'list' ? (['/ajax/campaigns', { ...filters, sort, page, pageSize: PAGE_SIZE }] as const) : null,
    getWithParams<CampaignPage>,
    { keepPreviousData: true },
  )
  const { data: tagData } = useSWR('/ajax/tags', getJson<{ groups: TagGroupView[] }>)
  const rows = data?.campaigns ?? []
  const filtered = !!(debounced || channel || status || tag || archived)
  const reset = () => setPage(1)

  async function run(action: RowAction, c: CampaignView) {
    if (action === 'clone') {
      const { campaign } = await campaignsApi.clone(c.id, t('cloneName', { name: c.name }))
      toast.show({ variant: 'success', content: t('clonedToast', { name: c.name }) })
      router.push(`/campaign/${encodeURIComponent(campaign.id)}/wizard/audience`)
      return
    }
    if (action === 'delete') await campaignsApi.remove(c.id)
    else await campaignsApi.action(c.id, action)
    toast.show({ variant: 'success', content: t('actionDone', { name: c.name }) })
    await mutate()
  }

  async function runConfirm() {
    if (!confirm) return
    setBusy(true)
    setConfirmError(null)
    try {
      await run(confirm.action, confirm.campaign)
      setConfirm(null)
    } catch (err) {
      setConfirmError(readHttpFailure(err).message ?? t('error'))
    } finally {
      setBusy(false)
    }
  }

  const confirmText: Record<RowAction, { title: string; body: string; label: string }> = {
    clone: {
      title: t('confirmCloneTitle'),
      body: t('confirmCloneBody', { name: confirm?.campaign.name ?? '' }),
      label: t('actionClone'),
    },
    pause: {
      title: t('confirmPauseTitle'),
      body: t('confirmPauseBody', { name: confirm?.campaign.name ?? '' }),
      label: t('actionPause'),
    },
    resume: {
      title: t('confirmResumeTitle'),
      body: t('confirmResumeBody', { name: confirm?.campaign.name ?? '' }),
      label: t('actionResume'),
    },
    cancel: {
      title: t('confirmCancelTitle'),
      body: t('confirmCancelBody', { name: confirm?.campaign.name ?? '' }),
      label: t('actionCancel'),
    },
    'revert-to-draft': {
      title: t('confirmRevertTitle'),
      body: t('confirmRevertBody', { name: confirm?.campaign.name ?? '' }),
      label: t('actionRevert'),
    },
    archive: {
      title: t('confirmArchiveTitle'),
      body: t('confirmArchiveBody', { name: confirm?.campaign.name ?? '' }),
      label: t('actionArchive'),
    },
    unarchive: {
      title: t('confirmUnarchiveTitle'),
      body: t('confirmUnarchiveBody', { name: confirm?.campaign.name ?? '' }),
      label: t('actionUnarchive'),
    },
    delete: {
      title: t('confirmDeleteTitle'),
      body: t('confirmDeleteBody', { name: confirm?.campaign.name ?? '' }),
      label: t('actionDelete'),
    },
  }

  const columns = [
    { key: 'name', header: t('colName') },
    { key: 'channel', header: t('colChannel') },
    { key: 'status', header: t('colStatus') },
    { key: 'sendTime', header: t('colSendTime') },
    { key: 'recipients', header: t('colRecipients'), align: 'right' as const },
    { key: 'openRate', header: t('colOpenRate'), align: 'right' as const },
    { key: 'clickRate', header: t('colClickRate'), align: 'right' as const },
    { key: 'menu', header: <span className="visually-hidden">{t('colActions')}</span>, align: 'right' as const },
  ]
  const tableRows = rows.map((c) => {
    const at = c.sentAt ?? c.sendStartedAt ?? c.scheduledAt
    const sent = SENT_LIKE.includes(c.status)
    return {
      id: c.id,
      name: (
        <span className={rowStyles.nameCell}>
          <Link href={campaignHref(c)} className={rowStyles.name} data-testid="campaign-link">
            {c.name}
          </Link>
          {c.tags.length > 0 && (
            <span className={rowStyles.sub}>
              {c.tags.map((x) => (
                <span key={x.id} className={flowStyles.tag}>
                  {x.name}
                </span>
              ))}
            </span>
          )}
        </span>
      ),
      channel: channelLabel(c.channel),
      status: <CampaignStatusBadge status={c.status} />,
      sendTime: at ? (
        <span className={shared.nowrap}>
          {format.dateTime(new Date(at), { dateStyle: 'medium', timeStyle: 'short' })}
        </span>
      ) : (
        <span className={shared.muted}>–</span>
      ),
      recipients: <RowFigure id={c.id} enabled={sent} figure="recipients" />,
      openRate: <RowFigure id={c.id} enabled={sent && c.channel === 'email'} figure="openRate" />,
      clickRate: <RowFigure id={c.id} enabled={sent} figure="clickRate" />,
      menu: (
        <CampaignRowMenu
          campaign={c}
          canWrite={canWrite}
          onAction={(action, x) => {
            setConfirmError(null)
            setConfirm({ action, campaign: x })
          }}
        />
      ),
    }
  })
  const isNewAccount = view === 'list' && !isLoading && !error && rows.length === 0 && !filtered && page === 1
  const tagOptions = (tagData?.groups ?? []).flatMap((g) => g.tags.map((x) => ({ value: x.id, label: x.name })))

  return (
    <Page width="full">
      <PageHead
        title={t('title')}
        description={t('description')}
        actions={
          <>
            <LinkButton href="/campaigns/library" data-testid="campaign-library">
              {t('library')}
            </LinkButton>
            <LinkButton href="/omnicampaigns">{t('omnicampaigns')}</LinkButton>
            {canWrite && (
              <Button variant="primary" onClick={() => setCreating(true)} data-testid="create-campaign">
                {t('create')}
              </Button>
            )}
          </>
        }
      />
      <PageBody>
        <div className={flowStyles.tabs} role="tablist" aria-label={t('viewsLabel')}>
          <button
            type="button"
            role="tab"
            aria-selected={view === 'list' && !archived}
            onClick={() => {
              setArchived(false)
              reset()
              if (view !== 'list') router.push('/campaigns/list')
            }}
          >
            {t('viewList')}
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={view === 'calendar'}
            onClick={() => router.push('/campaigns/calendar')}
            data-testid="calendar-tab"
          >
            {t('viewCalendar')}
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={false}
            onClick={() => router.push('/campaigns/trends')}
            data-testid="trends-tab"
          >
            {t('viewTrends')}
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={view === 'list' && archived}
            onClick={() => {
              setArchived(true)
              reset()
              if (view !== 'list') router.push('/campaigns/list')
            }}
          >
            {t('viewArchived')}
          </button>
        </div>
        {isNewAccount ? (
          <EmptyState
            image={<MailIcon size={28} />}
            heading={t('emptyTitle')}
            body={t('emptyBody')}
            actions={
              canWrite ? (
                <Button variant="primary" onClick={() => setCreating(true)}>
                  {t('create')}
                </Button>
              ) : undefined
            }
          />
        ) : (
          <>
            <div className={shared.toolbar}>
              <TextField
                className={shared.toolbarGrow}
                label={t('searchLabel')}
                name="search"
                type="search"
                placeholder={t('searchPlaceholder')}
                value={search}
                onChange={(e) => {
                  setSearch(e.target.value)
                  reset()
                }}
                data-testid="campaigns-search"
              />
              <Select
                label={t('filterChannel')}
                name="channel"
                value={channel}
                onChange={(e) => {
                  setChannel(e.target.value)
                  reset()
                }}
                options={[
                  { value: '', label: t('allChannels') },
                  ...CHANNELS.map((ch) => ({ value: ch, label: channelLabel(ch) })),
                ]}
              />
              <Select
                label={t('filterStatus')}
                name="status"
                value={status}
                onChange={(e) => {
                  setStatus(e.target.value)
                  reset()
                }}
                options={[
                  { value: '', label: t('allStatuses') },
                  ...STATUS_FILTERS.map((s) => ({ value: s, label: statusLabel(s) })),
                ]}
              />
              <Select
                label={t('filterTag')}
                name="tag"
                value={tag}
                onChange={(e) => {
                  setTag(e.target.value)
                  reset()
                }}
                options={[{ value: '', label: t('allTags') }, ...tagOptions]}
              />
              {view === 'list' && (
                <Select
                  label={t('sortLabel')}
                  name="sort"
                  value={sort}
                  onChange={(e) => {
                    setSort(e.target.value as typeof sort)
                    reset()
                  }}
                  options={[
                    { value: 'last_modified', label: t('sortLastModified') },
                    { value: 'first_modified', label: t('sortFirstModified') },
                    { value: 'last_sent', label: t('sortLastSent') },
                    { value: 'first_sent', label: t('sortFirstSent') },
                  ]}
                />
              )}
            </div>
            {view === 'calendar' ? (
              <CalendarView filters={filters} />
            ) : (
              <>
                {error && (
                  <Notification
                    variant="error"
                    title={t('loadError')}
                    action={{ label: t('retry'), onClick: () => void mutate() }}
                  />
                )}
                {isLoading && !data ? (
                  <TableSkeleton />
                ) : !error && rows.length === 0 ? (
                  <NoResultsState />
                ) : (
                  <div>
                    <Table caption={t('title')} columns={columns} rows={tableRows} />
                    <Pager
                      page={page}
                      pageSize={PAGE_SIZE}
                      count={rows.length}
                      total={data?.totalCount}
                      onPage={setPage}
                    />
                  </div>
                )}
              </>
            )}
          </>
        )}
      </PageBody>
      <CreateCampaignModal open={creating} onClose={() => setCreating(false)} />
      <ConfirmModal
        open={!!confirm}
        busy={busy}
        error={confirmError}
        title={confirm ? confirmText[confirm.action].title : ''}
        confirmLabel={confirm ? confirmText[confirm.action].label : ''}
        onConfirm={() => void runConfirm()}
        onClose={() => setConfirm(null)}
      >
        <p>{confirm ? confirmText[confirm.action].body : ''}</p>
      </ConfirmModal>
    </Page>
  )
}
