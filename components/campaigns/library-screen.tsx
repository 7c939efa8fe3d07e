'use client'
// /campaigns/library: where a new campaign starts from something that already works — one of the
// account's email templates (a new email campaign with that template, then the wizard), or a
// campaign already sent (cloned as a draft, then the wizard). Search and channel filter over
// /ajax/campaign-library.
import { useState } from 'react'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Button, LinkButton } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Select } from '@/components/ui/select'
import { Table } from '@/components/ui/table'
import { Notification } from '@/components/ui/notification'
import { EmptyState } from '@/components/ui/empty-state'
import { TableSkeleton } from '@/components/lists/table-skeleton'
import { getWithParams } from '@/components/lists/fetcher'
import { readHttpFailure } from '@/components/auth/http-failure'
import { usePermission } from '@/lib/client/shell-context'
import shared from '@/components/lists/shared.module.css'
import { campaignsApi, CHANNELS, type CampaignView, type TemplateRow } from './campaigns-api'
import { CampaignStatusBadge, useChannelLabel } from './campaign-status-badge'
import styles from './campaigns.module.css'

interface Library {
  templates: TemplateRow[]
  campaigns: CampaignView[]
}

export function CampaignLibraryScreen() {
  const t = useTranslations('campaignLibrary')
  const format = useFormatter()
  const router = useRouter()
  const channelLabel = useChannelLabel()
  const canWrite = usePermission('campaigns_write')
  const [q, setQ] = useState('')
  const [channel, setChannel] = useState('')
  const [busy, setBusy] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const { data, error, mutate } = useSWR(
    ['/ajax/campaign-library', { q: q.trim() || undefined, channel: channel || undefined }] as const,
    getWithParams<Library>,
    { keepPreviousData: true },
  )
  const showTemplates = !channel || channel === 'email'
  const when = (iso: string | null) => (iso ? format.dateTime(new Date(iso), { dateStyle: 'medium' }) : '–')

  async function run(key: string, fn: () => Promise<string>) {
    setBusy(key)
    setFailure(null)
    try {
      router.push(`/campaign/${encodeURIComponent(await fn())}/wizard/audience`)
    } catch (err) {
      setFailure(readHttpFailure(err).message ?? t('actionFailed'))
      setBusy(null)
    }
  }
  const startFromTemplate = (tpl: TemplateRow) =>
    run(`t:${tpl.id}`, async () => {
      const { campaign } = await campaignsApi.create({ name: tpl.name, channel: 'email' })
      const message = campaign.messages[0]
      if (message) await campaignsApi.assignTemplate(campaign.id, message.id, tpl.id)
      return campaign.id
    })
  const clone = (c: CampaignView) =>
    run(`c:${c.id}`, async () => (await campaignsApi.clone(c.id, t('copyName', { name: c.name }))).campaign.id)

  return (
    <Page>
      <PageHead
        title={t('title')}
        description={t('description')}
        actions={<LinkButton href="/campaigns/list">{t('allCampaigns')}</LinkButton>}
      />
      <PageBody>
        <div className={shared.toolbar}>
          <TextField
            className={shared.toolbarGrow}
            label={t('search')}
            name="q"
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            data-testid="library-search"
          />
          <Select
            label={t('channel')}
            name="channel"
            value={channel}
            onChange={(e) => setChannel(e.target.value)}
            data-testid="library-channel"
            options={[
              { value: '', label: t('allChannels') },
              ...CHANNELS.map((ch) => ({ value: ch, label: channelLabel(ch) })),
            ]}
          />
        </div>
        {failure && <Notification variant="error" title={failure} />}
        {error ? (
          <Notification
            variant="error"
            title={t('loadError')}
            action={{ label: t('retry'), onClick: () => void mutate() }}
          />
        ) : !data ? (
          <TableSkeleton />
        ) : (
          <>
            {showTemplates && (
              <section className={styles.section} aria-labelledby="library-templates">
                <h2 id="library-templates" className={styles.sectionTitle}>
                  {t('templatesTitle')}
                </h2>
                <p className={styles.muted}>{t('templatesHelp')}</p>
                {data.templates.length === 0 ? (
                  <EmptyState
                    heading={q ? t('noTemplatesMatch') : t('noTemplatesTitle')}
                    body={t('noTemplatesBody')}
                    actions={<LinkButton href="/email-templates/create">{t('createTemplate')}</LinkButton>}
                  />
                ) : (
                  <Table
                    caption={t('templatesTitle')}
                    columns={[
                      { key: 'name', header: t('colName') },
                      { key: 'kind', header: t('colKind') },
                      { key: 'updated', header: t('colUpdated'), align: 'right' as const },
                      { key: 'action', header: t('colAction'), align: 'right' as const },
                    ]}
                    rows={data.templates.map((tpl) => ({
                      id: tpl.id,
                      name: (
                        <Link href={`/email-template-editor/template/${encodeURIComponent(tpl.id)}`}>{tpl.name}</Link>
                      ),
                      kind: t(
                        `kind.${tpl.editorType === 'CODE' ? 'code' : tpl.editorType === 'SYSTEM_DRAGGABLE' ? 'system' : 'blocks'}`,
                      ),
                      updated: <span className={shared.nowrap}>{when(tpl.updatedAt)}</span>,
                      action: canWrite ? (
                        <Button
                          size="small"
                          onClick={() => void startFromTemplate(tpl)}
                          loading={busy === `t:${tpl.id}`}
                          disabled={busy !== null}
                          data-testid={`use-template-${tpl.id}`}
                        >
                          {t('useTemplate')}
                        </Button>
                      ) : null,
                    }))}
                  />
                )}
              </section>
            )}
            <section className={styles.section} aria-labelledby="library-sent">
              <h2 id="library-sent" className={styles.sectionTitle}>
                {t('sentTitle')}
              </h2>
              <p className={styles.muted}>{t('sentHelp')}</p>
              {data.campaigns.length === 0 ? (
                <EmptyState heading={q || channel ? t('noSentMatch') : t('noSentTitle')} body={t('noSentBody')} />
              ) : (
                <Table
                  caption={t('sentTitle')}
                  columns={[
                    { key: 'name', header: t('colName') },
                    { key: 'channel', header: t('channel') },
                    { key: 'status', header: t('colStatus') },
                    { key: 'sent', header: t('colSent'), align: 'right' as const },
                    { key: 'action', header: t('colAction'), align: 'right' as const },
                  ]}
                  rows={data.campaigns.map((c) => ({
                    id: c.id,
                    name: <Link href={`/campaign/${encodeURIComponent(c.id)}/reports/overview`}>{c.name}</Link>,
                    channel: channelLabel(c.channel),
                    status: <CampaignStatusBadge status={c.status} />,
                    sent: <span className={shared.nowrap}>{when(c.sentAt ?? c.scheduledAt)}</span>,
                    action: canWrite ? (
                      <Button
                        size="small"
                        onClick={() => void clone(c)}
                        loading={busy === `c:${c.id}`}
                        disabled={busy !== null}
                        data-testid={`clone-${c.id}`}
                      >
                        {t('reuse')}
                      </Button>
                    ) : null,
                  }))}
                />
              )}
            </section>
          </>
        )}
      </PageBody>
    </Page>
  )
}
