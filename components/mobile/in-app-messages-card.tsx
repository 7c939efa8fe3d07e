'use client'
// The app's in-app messages on /settings/push-notifications (the mobile app's own page): each
// opens /mobile-in-app-editor/{id}; a new one starts as a draft and opens in the editor.
import { useState } from 'react'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { Card } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { Button } from '@/components/ui/button'
import { Badge } from '@/components/ui/badge'
import { FormError } from '@/components/ui/form-error'
import { readHttpFailure } from '@/components/auth/http-failure'
import type { InAppMessageView } from '@/lib/mobile/in-app-messages'
import styles from './mobile-editor.module.css'

type Loaded = { messages: InAppMessageView[] }

export function InAppMessagesCard() {
  const t = useTranslations('inAppList')
  const router = useRouter()
  const canEdit = usePermission('templates_write')
  const { data, error } = useSWR<Loaded>('/ajax/mobile/in-app', (u: string) => http.get<Loaded>(u).then((r) => r.data))
  const [name, setName] = useState('')
  const [failure, setFailure] = useState<string | null>(null)

  async function create() {
    setFailure(null)
    try {
      const r = await http.post<{ message: InAppMessageView }>('/ajax/mobile/in-app', { name })
      router.push(`/mobile-in-app-editor/${r.data.message.id}`)
    } catch (e) {
      const f = readHttpFailure(e)
      setFailure(f.fieldErrors.name ?? f.message ?? t('createError'))
    }
  }

  return (
    <Card title={t('title')}>
      <div className={styles.form}>
        <p className={styles.help}>{t('help')}</p>
        {error && <FormError>{t('loadError')}</FormError>}
        {data && !data.messages.length && <p className={styles.help}>{t('empty')}</p>}
        {data?.messages.map((m) => (
          <div key={m.id} className={styles.actions}>
            <Link href={`/mobile-in-app-editor/${m.id}`}>{m.name}</Link>
            <Badge variant={m.status === 'live' ? 'success' : 'neutral'}>
              {m.status === 'live' ? t('live') : t('draft')}
            </Badge>
          </div>
        ))}
        {canEdit && (
          <div className={styles.row}>
            <TextField label={t('newName')} name="inAppName" value={name} onChange={(e) => setName(e.target.value)} />
            <Button variant="secondary" onClick={() => void create()}>
              {t('create')}
            </Button>
          </div>
        )}
        {failure && <FormError>{failure}</FormError>}
      </div>
    </Card>
  )
}
