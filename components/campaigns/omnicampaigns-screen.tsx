'use client'
// /omnicampaigns and /omnicampaigns/{id}: campaigns that send one message over several channels
// (email, SMS, push) to one audience; the list and the detail with each channel's campaign.
import { useState, type FormEvent } from 'react'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { usePermission } from '@/lib/client/shell-context'
import { http } from '@/lib/client/http'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { Button, LinkButton } from '@/components/ui/button'
import { Modal } from '@/components/ui/modal'
import { TextField } from '@/components/ui/text-field'
import { FormError } from '@/components/ui/form-error'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { LayersIcon } from '@/components/ui/icons'
import { getJson } from '@/components/lists/fetcher'
import { readHttpFailure } from '@/components/auth/http-failure'
import { CHANNELS, type CampaignView, type Channel } from './campaigns-api'
import { CampaignStatusBadge, useChannelLabel } from './campaign-status-badge'
import { campaignHref } from './list/campaign-row-menu'
import styles from './campaigns.module.css'

interface Omni {
  id: string
  name: string
  campaigns: CampaignView[]
}

function CreateOmniModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations('campaigns')
  const channelLabel = useChannelLabel()
  const router = useRouter()
  const [name, setName] = useState('')
  const [channels, setChannels] = useState<Channel[]>(['email', 'sms'])
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    setBusy(true)
    try {
      const r = await http.post<{ omnicampaign: Omni }>('/ajax/omnicampaigns', { name, channels })
      router.push(`/omnicampaigns/${encodeURIComponent(r.data.omnicampaign.id)}`)
    } catch (err) {
      const f = readHttpFailure(err)
      setErrors(Object.keys(f.fieldErrors).length ? f.fieldErrors : { form: f.message ?? t('error') })
      setBusy(false)
    }
  }
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('omniCreate')}
      footer={
        <>
          <Button variant="tertiary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button variant="primary" type="submit" form="create-omni" loading={busy}>
            {t('createSubmit')}
          </Button>
        </>
      }
    >
      <form id="create-omni" className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label={t('campaignName')}
          name="name"
          value={name}
          error={errors.name}
          onChange={(e) => setName(e.target.value)}
        />
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('channels')}</legend>
          <div className={styles.choices}>
            {CHANNELS.map((ch) => (
              <label key={ch} className={styles.choice}>
                <input
                  type="checkbox"
                  checked={channels.includes(ch)}
                  onChange={() => setChannels((l) => (l.includes(ch) ? l.filter((x) => x !== ch) : [...l, ch]))}
                />
                {channelLabel(ch)}
              </label>
            ))}
          </div>
          {errors.channels && <FormError>{errors.channels}</FormError>}
        </fieldset>
        {errors.form && <FormError>{errors.form}</FormError>}
      </form>
    </Modal>
  )
}

function campaignTable(
  t: ReturnType<typeof useTranslations<'campaigns'>>,
  channelLabel: (c: string) => string,
  campaigns: CampaignView[],
) {
  return (
    <Table
      caption={t('omniChannels')}
      columns={[
        { key: 'name', header: t('colName') },
        { key: 'channel', header: t('colChannel') },
        { key: 'status', header: t('colStatus') },
      ]}
      rows={campaigns.map((c) => ({
        id: c.id,
        name: <Link href={campaignHref(c)}>{c.name}</Link>,
        channel: channelLabel(c.channel),
        status: <CampaignStatusBadge status={c.status} />,
      }))}
    />
  )
}

export function OmnicampaignsScreen() {
  const t = useTranslations('campaigns')
  const channelLabel = useChannelLabel()
  const canWrite = usePermission('campaigns_write')
  const [creating, setCreating] = useState(false)
  const { data, error, mutate } = useSWR(
    '/ajax/omnicampaigns?page=1&pageSize=50',
    getJson<{ omnicampaigns: Omni[]; totalCount: number }>,
  )
  return (
    <Page>
      <PageHead
        title={t('omnicampaigns')}
        description={t('omniDescription')}
        actions={
          <>
            <LinkButton href="/campaigns/list">{t('backToCampaigns')}</LinkButton>
            {canWrite && (
              <Button variant="primary" onClick={() => setCreating(true)}>
                {t('omniCreate')}
              </Button>
            )}
          </>
        }
      />
      <PageBody>
        {error && (
          <Notification
            variant="error"
            title={t('loadError')}
            action={{ label: t('retry'), onClick: () => void mutate() }}
          />
        )}
        {!data && !error && <Spinner size="large" />}
        {data && data.omnicampaigns.length === 0 && (
          <EmptyState
            image={<LayersIcon size={28} />}
            heading={t('omniEmptyTitle')}
            body={t('omniEmptyBody')}
            actions={
              canWrite ? (
                <Button variant="primary" onClick={() => setCreating(true)}>
                  {t('omniCreate')}
                </Button>
              ) : undefined
            }
          />
        )}
        <div className={styles.stack}>
          {data?.omnicampaigns.map((o) => (
            <Card key={o.id} title={<Link href={`/omnicampaigns/${encodeURIComponent(o.id)}`}>{o.name}</Link>}>
              {campaignTable(t, channelLabel, o.campaigns)}
            </Card>
          ))}
        </div>
      </PageBody>
      <CreateOmniModal open={creating} onClose={() => setCreating(false)} />
    </Page>
  )
}

export function OmnicampaignScreen({ omnicampaignId }: { omnicampaignId: string }) {
  const t = useTranslations('campaigns')
  const tr = useTranslations('remainingEditors')
  const channelLabel = useChannelLabel()
  const { data, error } = useSWR(
    `/ajax/omnicampaigns/${encodeURIComponent(omnicampaignId)}`,
    getJson<{ omnicampaign: Omni }>,
  )
  const o = data?.omnicampaign
  return (
    <Page>
      <PageHead
        title={o?.name ?? t('omnicampaigns')}
        description={t('omniDetailDescription')}
        actions={
          <>
            <LinkButton href="/omnicampaigns">{t('omnicampaigns')}</LinkButton>
            <LinkButton href={`/sandbox-omnicampaigns/${encodeURIComponent(omnicampaignId)}`}>
              {tr('openInSandbox')}
            </LinkButton>
          </>
        }
      />
      <PageBody>
        {error && <Notification variant="error" title={t('loadError')} />}
        {!o && !error && <Spinner size="large" />}
        {o && <Card>{campaignTable(t, channelLabel, o.campaigns)}</Card>}
      </PageBody>
    </Page>
  )
}
