'use client'
// "Create campaign": name, channel and tags; on success the wizard opens at its first step.
import { useState, type FormEvent } from 'react'
import { useRouter } from 'next/navigation'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { Modal } from '@/components/ui/modal'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { FormError } from '@/components/ui/form-error'
import { readHttpFailure } from '@/components/auth/http-failure'
import { getJson } from '@/components/lists/fetcher'
import type { TagGroupView } from '@/lib/tags/tags-overview'
import { campaignsApi, CHANNELS, type Channel } from '../campaigns-api'
import { useChannelLabel } from '../campaign-status-badge'
import styles from '../campaigns.module.css'

export function CreateCampaignModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations('campaigns')
  const channelLabel = useChannelLabel()
  const router = useRouter()
  const { data: tags } = useSWR(open ? '/ajax/tags' : null, getJson<{ groups: TagGroupView[] }>)
  const [name, setName] = useState('')
  const [channel, setChannel] = useState<Channel>('email')
  const [tagIds, setTagIds] = useState<string[]>([])
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    setBusy(true)
    setErrors({})
    try {
      const { campaign } = await campaignsApi.create({ name, channel, tagIds })
      router.push(`/campaign/${encodeURIComponent(campaign.id)}/wizard/audience`)
    } catch (err) {
      const f = readHttpFailure(err)
      setErrors({ ...f.fieldErrors, ...(Object.keys(f.fieldErrors).length ? {} : { form: f.message ?? t('error') }) })
      setBusy(false)
    }
  }
  const toggleTag = (id: string) => setTagIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]))
  const allTags = (tags?.groups ?? []).flatMap((g) => g.tags.map((tag) => ({ ...tag, group: g.name })))

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('createTitle')}
      footer={
        <>
          <Button variant="tertiary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button
            variant="primary"
            type="submit"
            form="create-campaign"
            loading={busy}
            data-testid="create-campaign-submit"
          >
            {t('createSubmit')}
          </Button>
        </>
      }
    >
      <form id="create-campaign" className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label={t('campaignName')}
          name="name"
          value={name}
          maxLength={255}
          autoFocus
          error={errors.name}
          data-testid="campaign-name"
          onChange={(e) => setName(e.target.value)}
        />
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('channel')}</legend>
          <div className={styles.choices}>
            {CHANNELS.map((ch) => (
              <label key={ch} className={styles.choice}>
                <input
                  type="radio"
                  name="channel"
                  value={ch}
                  checked={channel === ch}
                  onChange={() => setChannel(ch)}
                  data-testid={`channel-${ch}`}
                />
                {channelLabel(ch)}
              </label>
            ))}
          </div>
          {errors.channel && <FormError>{errors.channel}</FormError>}
        </fieldset>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('tags')}</legend>
          {allTags.length === 0 ? (
            <p className={styles.muted}>{t('noTags')}</p>
          ) : (
            <div className={styles.choices}>
              {allTags.map((tag) => (
                <label key={tag.id} className={styles.choice}>
                  <input type="checkbox" checked={tagIds.includes(tag.id)} onChange={() => toggleTag(tag.id)} />
                  {tag.name}
                </label>
              ))}
            </div>
          )}
          {errors.tagIds && <FormError>{errors.tagIds}</FormError>}
        </fieldset>
        {errors.form && <FormError>{errors.form}</FormError>}
      </form>
    </Modal>
  )
}
