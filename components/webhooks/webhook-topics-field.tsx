'use client'
// The topic checkboxes of the webhook form, grouped by channel.
import { useTranslations } from 'next-intl'
import { FormError } from '@/components/ui/form-error'
import type { TopicDto } from './types'
import styles from './webhooks.module.css'
import screen from '@/components/ui/form-screen.module.css'

const CHANNELS = {
  email: 'channel_email',
  sms: 'channel_sms',
  push: 'channel_push',
  whatsapp: 'channel_whatsapp',
} as const

export function WebhookTopicsField({
  topics,
  value,
  onChange,
  error,
}: {
  topics: TopicDto[]
  value: string[]
  onChange: (v: string[]) => void
  error?: string
}) {
  const t = useTranslations('webhooks')
  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((v) => v !== id))
  return (
    <fieldset className={screen.fieldset}>
      <legend className={styles.legend}>{t('topicsLegend')}</legend>
      <div className={styles.topicGroups}>
        {(Object.keys(CHANNELS) as Array<keyof typeof CHANNELS>).map((ch) => {
          const list = topics.filter((x) => x.channel === ch)
          if (!list.length) return null
          return (
            <div key={ch} className={styles.topicGroup}>
              <p className={styles.groupTitle}>{t(CHANNELS[ch])}</p>
              {list.map((x) => (
                <label key={x.id} className={styles.check}>
                  <input
                    type="checkbox"
                    checked={value.includes(x.id)}
                    onChange={(e) => toggle(x.id, e.target.checked)}
                    data-testid={`topic-${x.id}`}
                  />
                  <span>
                    {x.metric}
                    <br />
                    <span className={screen.muted}>{x.id}</span>
                  </span>
                </label>
              ))}
            </div>
          )
        })}
      </div>
      {error && <FormError>{error}</FormError>}
    </fieldset>
  )
}
