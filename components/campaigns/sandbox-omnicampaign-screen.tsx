'use client'
// /sandbox-omnicampaigns/{id}: the omnichannel campaign in sandbox mode. Each email channel can
// be sent as a test to the account's test recipients or team, rendered with a chosen profile's
// data; tests are preview sends, so no customer gets them and no report counts them (the banner
// says so). Channels without email content say why they cannot be tested here.
import { useState, type FormEvent } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http, isHttpError } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import type { OmnicampaignSandbox, SandboxChannel } from '@/lib/campaigns/sandbox/omnicampaign-sandbox'
import { readHttpFailure } from '@/components/auth/http-failure'
import { useToast } from '@/components/shell/toasts'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button, LinkButton } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { FormError } from '@/components/ui/form-error'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { templatesApi } from '@/components/templates/api'
import { CampaignStatusBadge, useChannelLabel } from './campaign-status-badge'
import styles from './campaigns.module.css'

const raw = { transformKeys: false } as const

function TestForm({
  omniId,
  channel,
  sandbox,
}: {
  omniId: string
  channel: SandboxChannel
  sandbox: OmnicampaignSandbox
}) {
  const t = useTranslations('remainingEditors')
  const toast = useToast()
  const [email, setEmail] = useState(sandbox.recipients[0]?.email ?? '')
  const [profileId, setProfileId] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const { data: profiles } = useSWR(channel.templateId ? ['sandbox-profiles', channel.templateId] : null, () =>
    templatesApi.previewProfiles(channel.templateId!, ''),
  )
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    setBusy(true)
    setErrors({})
    try {
      await http.post(
        `/ajax/omnicampaigns/${encodeURIComponent(omniId)}/sandbox`,
        { campaign_id: channel.campaignId, email, profile_id: profileId || null },
        raw,
      )
      toast.show({ variant: 'success', content: t('sandboxSent', { email }) })
    } catch (err) {
      const f = readHttpFailure(err)
      setErrors(Object.keys(f.fieldErrors).length ? f.fieldErrors : { form: f.message ?? t('sandboxSendError') })
    } finally {
      setBusy(false)
    }
  }
  if (!sandbox.recipients.length) return <p>{t('sandboxNoRecipients')}</p>
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid={`sandbox-form-${channel.campaignId}`}>
      <Select
        label={t('sandboxTo')}
        name="email"
        value={email}
        error={errors.email}
        onChange={(e) => setEmail(e.target.value)}
        options={sandbox.recipients.map((r) => ({
          value: r.email,
          label: r.source === 'team' ? t('sandboxTeamAddress', { email: r.email }) : r.email,
        }))}
      />
      <Select
        label={t('sandboxProfile')}
        name="profile_id"
        value={profileId}
        error={errors.profile_id}
        onChange={(e) => setProfileId(e.target.value)}
        options={[
          { value: '', label: t('sandboxSampleProfile') },
          ...(profiles ?? []).map((p) => ({ value: p.id, label: p.email })),
        ]}
      />
      {(errors.form || errors.campaign_id) && <FormError>{errors.form ?? errors.campaign_id}</FormError>}
      <div className={styles.choices}>
        <Link href={`/campaign/${encodeURIComponent(channel.campaignId)}/content/web-view`}>{t('sandboxPreview')}</Link>
        <Button variant="primary" type="submit" loading={busy}>
          {t('sandboxSend')}
        </Button>
      </div>
    </form>
  )
}

export function SandboxOmnicampaignScreen({ omnicampaignId }: { omnicampaignId: string }) {
  const t = useTranslations('remainingEditors')
  const channelLabel = useChannelLabel()
  const canWrite = usePermission('campaigns_write')
  const { data, error, mutate } = useSWR(['omni-sandbox', omnicampaignId], () =>
    http
      .get<{ sandbox: OmnicampaignSandbox }>(`/ajax/omnicampaigns/${encodeURIComponent(omnicampaignId)}/sandbox`, raw)
      .then((r) => r.data.sandbox),
  )
  const back = `/omnicampaigns/${encodeURIComponent(omnicampaignId)}`
  return (
    <Page>
      <PageHead
        title={data ? t('sandboxTitle', { name: data.name }) : t('sandboxHeading')}
        actions={<LinkButton href={back}>{t('sandboxLeave')}</LinkButton>}
      />
      <PageBody>
        <Notification variant="warning" title={t('sandboxBannerTitle')}>
          <span data-testid="sandbox-banner">{t('sandboxBanner')}</span>
        </Notification>
        {error &&
          (isHttpError(error) && error.status === 404 ? (
            <EmptyState
              heading={t('sandboxNotFound')}
              actions={<Link href="/omnicampaigns">{t('backToCampaigns')}</Link>}
            />
          ) : (
            <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
              {t('loadError')}
            </Notification>
          ))}
        {!data && !error && <Spinner size="large" />}
        <div className={styles.stack}>
          {data?.channels.map((c) => (
            <Card
              key={c.campaignId}
              title={`${channelLabel(c.channel)} · ${c.name}`}
              actions={<CampaignStatusBadge status={c.status} />}
            >
              {!c.templateId ? (
                <p>{c.channel === 'email' ? t('sandboxNoContent') : t('sandboxEmailOnly')}</p>
              ) : canWrite ? (
                <TestForm omniId={omnicampaignId} channel={c} sandbox={data} />
              ) : (
                <p>{t('sandboxReadOnly')}</p>
              )}
            </Card>
          ))}
        </div>
      </PageBody>
    </Page>
  )
}
