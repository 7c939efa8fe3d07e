'use client'
// /profile/{id}/campaigns/create: a one-off campaign to this one profile. The server puts the
// profile alone in a new list and creates a Draft campaign to it; the campaign wizard opens next.
import { useState, type FormEvent } from 'react'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http, isHttpError } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { readHttpFailure } from '@/components/auth/http-failure'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button, LinkButton } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { TextField } from '@/components/ui/text-field'
import forms from '@/components/lists/forms.module.css'
import shared from '@/components/lists/shared.module.css'
import { fetchProfile, profileKey } from './profile-api'

type Channel = 'email' | 'sms'

export function ProfileCampaignCreateScreen({ profileId }: { profileId: string }) {
  const t = useTranslations('audiencePages')
  const { data, error, mutate } = useSWR(profileKey(profileId), fetchProfile, {
    shouldRetryOnError: (e: unknown) => !(isHttpError(e) && e.status === 404),
  })
  const base = `/profile/${encodeURIComponent(profileId)}`
  let body
  if (isHttpError(error) && error.status === 404)
    body = <EmptyState heading={t('profileMissingTitle')} body={t('profileMissingBody')} />
  else if (error && !data)
    body = (
      <EmptyState
        heading={t('errorTitle')}
        body={t('errorBody')}
        actions={<Button onClick={() => void mutate()}>{t('retry')}</Button>}
      />
    )
  else if (!data)
    body = (
      <div className={shared.center}>
        <Spinner />
      </div>
    )
  else body = <CampaignForm profileId={profileId} email={data.profile.email} phone={data.profile.phoneNumber} />
  const p = data?.profile
  const who = p ? [p.firstName, p.lastName].filter(Boolean).join(' ') || p.email || p.phoneNumber || p.id : ''
  return (
    <Page>
      <PageHead
        title={t('profileCampaignTitle')}
        description={
          <Link href={`${base}/campaigns`} data-testid="back-to-profile">
            {who ? t('backTo', { name: who }) : t('backToProfile')}
          </Link>
        }
      />
      <PageBody>{body}</PageBody>
    </Page>
  )
}

function CampaignForm({ profileId, email, phone }: { profileId: string; email: string | null; phone: string | null }) {
  const t = useTranslations('audiencePages')
  const router = useRouter()
  const canWrite = usePermission('campaigns_write')
  const [name, setName] = useState('')
  const [channel, setChannel] = useState<Channel>(email ? 'email' : 'sms')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  if (!email && !phone) return <EmptyState heading={t('noAddressTitle')} body={t('noAddressBody')} />

  async function submit(e: FormEvent) {
    e.preventDefault()
    setFormError(null)
    if (!name.trim()) return setErrors({ name: t('nameRequired') })
    setSaving(true)
    try {
      const res = await http.post<{ campaignId: string }>(`/ajax/profile/${encodeURIComponent(profileId)}/campaign`, {
        name: name.trim(),
        channel,
      })
      router.push(`/campaign/${encodeURIComponent(res.data.campaignId)}/wizard`)
    } catch (err) {
      const f = readHttpFailure(err)
      setErrors(f.fieldErrors)
      if (!Object.keys(f.fieldErrors).length) setFormError(f.message ?? t('campaignError'))
      setSaving(false)
    }
  }

  const options: Array<[Channel, string | null]> = [
    ['email', email],
    ['sms', phone],
  ]
  return (
    <Card>
      {!canWrite && <Notification variant="warning">{t('noCampaignWrite')}</Notification>}
      <form className={forms.form} onSubmit={submit} noValidate>
        <p>{t('profileCampaignHelp')}</p>
        <TextField
          label={t('campaignName')}
          name="name"
          value={name}
          maxLength={201}
          error={errors.name}
          disabled={!canWrite}
          onChange={(e) => {
            setName(e.target.value)
            setErrors({})
          }}
          data-testid="campaign-name"
        />
        <fieldset className={forms.fieldset}>
          <legend className={forms.legend}>{t('channel')}</legend>
          {options.map(([c, address]) => (
            <label key={c} className={`${forms.choice} ${channel === c ? forms.choiceOn : ''}`}>
              <input
                type="radio"
                name="channel"
                value={c}
                checked={channel === c}
                disabled={!address || !canWrite}
                onChange={() => setChannel(c)}
              />
              <span>
                <strong>{c === 'email' ? t('channelEmail') : t('channelSms')}</strong>
                <small>{address ?? t('noAddressFor')}</small>
              </span>
            </label>
          ))}
          {errors.channel && <Notification variant="error">{errors.channel}</Notification>}
        </fieldset>
        {formError && <Notification variant="error">{formError}</Notification>}
        <div className={forms.actions}>
          <Button type="submit" variant="primary" loading={saving} disabled={!canWrite} data-testid="campaign-submit">
            {t('campaignSubmit')}
          </Button>
          <LinkButton href={`/profile/${encodeURIComponent(profileId)}/campaigns`}>{t('cancel')}</LinkButton>
        </div>
      </form>
    </Card>
  )
}
