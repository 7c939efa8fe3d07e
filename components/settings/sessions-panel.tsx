'use client'
// My active sessions on the security screen: device, address, last use; sign out one, or all
// but this one.
import { useState } from 'react'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Table } from '@/components/ui/table'
import { useToast } from '@/components/shell/toasts'

interface SessionRow {
  id: string
  current: boolean
  ip: string | null
  browser: string | null
  os: string | null
  mobile: boolean
  lastSeenAt: string
}

export function SessionsPanel() {
  const t = useTranslations('sessions')
  const format = useFormatter()
  const toast = useToast()
  const { data, mutate } = useSWR('/ajax/account/sessions', (u: string) =>
    http.get<{ sessions: SessionRow[] }>(u).then((r) => r.data),
  )
  const [pending, setPending] = useState<string | null>(null)

  async function run(key: string, url: string, body: unknown) {
    setPending(key)
    try {
      await http.post(url, body)
      toast.show({ variant: 'success', content: t('signedOut') })
      await mutate()
    } catch {
      toast.show({ variant: 'error', content: t('error') })
    } finally {
      setPending(null)
    }
  }

  const rows = (data?.sessions ?? []).map((s) => ({
    id: s.id,
    device: (
      <span>
        {s.browser && s.os ? t('device', { browser: s.browser, os: s.os }) : (s.browser ?? s.os ?? t('unknownDevice'))}
        {s.current && (
          <>
            {' '}
            <Badge variant="info">{t('thisDevice')}</Badge>
          </>
        )}
      </span>
    ),
    ip: s.ip ?? '—',
    lastSeen: format.dateTime(new Date(s.lastSeenAt), { dateStyle: 'medium', timeStyle: 'short' }),
    action: s.current ? null : (
      <Button
        size="small"
        loading={pending === s.id}
        onClick={() => run(s.id, '/ajax/account/sessions/revoke', { id: s.id })}
      >
        {t('signOut')}
      </Button>
    ),
  }))
  const others = rows.length > 1
  return (
    <Card
      title={t('title')}
      flush
      actions={
        others ? (
          <Button
            size="small"
            loading={pending === 'all'}
            onClick={() => run('all', '/ajax/account/sessions/revoke-others', {})}
          >
            {t('signOutOthers')}
          </Button>
        ) : undefined
      }
    >
      <Table
        caption={t('title')}
        rows={rows}
        columns={[
          { key: 'device', header: t('deviceColumn') },
          { key: 'ip', header: t('ipColumn') },
          { key: 'lastSeen', header: t('lastSeenColumn') },
          { key: 'action', header: <span className="visually-hidden">{t('signOut')}</span>, align: 'right' },
        ]}
      />
    </Card>
  )
}
