'use client'
// /templates/whatsapp: the company's WhatsApp message templates with their review status; a
// draft or rejected one is submitted to WhatsApp for approval, and while any is in review the
// list asks WhatsApp for the status again every 15 seconds.
import { useEffect, useState } from 'react'
import Link from 'next/link'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { Badge, type BadgeVariant } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { readHttpFailure } from '@/components/auth/http-failure'
import type { WhatsAppTemplateView } from '@/lib/mobile/whatsapp-templates'
import styles from './mobile-editor.module.css'

export const WA_TEMPLATES_KEY = '/ajax/mobile/whatsapp-templates'
type Loaded = { templates: WhatsAppTemplateView[] }
const STATUS_VARIANT: Record<WhatsAppTemplateView['status'], BadgeVariant> = {
  DRAFT: 'neutral',
  PENDING: 'warning',
  APPROVED: 'success',
  REJECTED: 'danger',
}
const POLL_MS = 15_000

export function WhatsAppTemplatesScreen() {
  const t = useTranslations('whatsappTemplates')
  const canEdit = usePermission('templates_write')
  const { data, error, mutate } = useSWR<Loaded>(WA_TEMPLATES_KEY, (u: string) =>
    http.get<Loaded>(u).then((r) => r.data),
  )
  const [busy, setBusy] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const statusLabel = {
    DRAFT: t('statusDraft'),
    PENDING: t('statusPending'),
    APPROVED: t('statusApproved'),
    REJECTED: t('statusRejected'),
  }
  const pending = (data?.templates ?? []).filter((x) => x.status === 'PENDING').map((x) => x.id)

  useEffect(() => {
    if (!pending.length) return
    const timer = setInterval(() => {
      void Promise.allSettled(pending.map((id) => http.post(`${WA_TEMPLATES_KEY}/${id}/status`, {}))).then(() =>
        mutate(),
      )
    }, POLL_MS)
    return () => clearInterval(timer)
  }, [pending.join(','), mutate]) // eslint-disable-line react-hooks/exhaustive-deps -- the ids, not the array

  async function act(id: string, action: 'submit' | 'status') {
    setBusy(id)
    setFailure(null)
    try {
      await http.post(`${WA_TEMPLATES_KEY}/${id}/${action}`, {})
      await mutate()
    } catch (e) {
      setFailure(readHttpFailure(e).message ?? t('actionError'))
    } finally {
      setBusy(null)
    }
  }

  const head = (
    <PageHead
      title={t('title')}
      description={t('description')}
      actions={
        canEdit ? (
          <Link href="/whatsapp-template-editor/preview" className={styles.label}>
            {t('create')}
          </Link>
        ) : undefined
      }
    />
  )
  if (error)
    return (
      <Page>
        {head}
        <PageBody>
          <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
            {t('loadError')}
          </Notification>
        </PageBody>
      </Page>
    )
  return (
    <Page>
      {head}
      <PageBody>
        {!data ? (
          <div className={styles.loading}>
            <Spinner size="large" />
          </div>
        ) : !data.templates.length ? (
          <EmptyState heading={t('emptyHeading')} body={t('emptyBody')} />
        ) : (
          <Card title={t('listTitle')} flush>
            {failure && <Notification variant="error">{failure}</Notification>}
            <Table
              columns={[
                { key: 'name', header: t('name') },
                { key: 'language', header: t('language') },
                { key: 'category', header: t('category') },
                { key: 'status', header: t('status') },
                { key: 'actions', header: t('actions'), align: 'right' },
              ]}
              rows={data.templates.map((x) => ({
                id: x.id,
                name: <Link href={`/whatsapp/${x.id}/preview`}>{x.name}</Link>,
                language: x.language,
                category: x.category,
                status: (
                  <span title={x.rejectedReason ?? undefined}>
                    <Badge variant={STATUS_VARIANT[x.status]}>{statusLabel[x.status]}</Badge>
                  </span>
                ),
                actions:
                  x.status === 'DRAFT' || x.status === 'REJECTED' ? (
                    <Button
                      size="small"
                      disabled={!canEdit}
                      loading={busy === x.id}
                      onClick={() => void act(x.id, 'submit')}
                    >
                      {t('submit')}
                    </Button>
                  ) : x.status === 'PENDING' ? (
                    <Button size="small" loading={busy === x.id} onClick={() => void act(x.id, 'status')}>
                      {t('checkStatus')}
                    </Button>
                  ) : null,
              }))}
            />
          </Card>
        )}
      </PageBody>
    </Page>
  )
}
