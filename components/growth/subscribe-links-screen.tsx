'use client'
// /growth-tools/subscribe-links: every hosted subscribe page with its list, public address
// (copyable), status and the sign-ups that carry its consent source.
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Table } from '@/components/ui/table'
import { Badge } from '@/components/ui/badge'
import { LinkButton } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { TableSkeleton } from '@/components/lists/table-skeleton'
import { CopyButton } from './copy-button'
import styles from './growth.module.css'

export interface SubscribeLinkRow {
  id: string
  name: string
  slug: string
  status: 'active' | 'disabled'
  listId: string
  listName: string | null
  url: string
  signups: number
  createdAt: string
}
export const SUBSCRIBE_LINKS_KEY = '/ajax/growth/subscribe-links'

export function SubscribeLinksScreen() {
  const t = useTranslations('growth')
  const tc = useTranslations('common')
  const format = useFormatter()
  const canWrite = usePermission('forms_write')
  const { data, error, mutate } = useSWR(SUBSCRIBE_LINKS_KEY, (url: string) =>
    http.get<{ links: SubscribeLinkRow[] }>(url).then((r) => r.data),
  )
  const create = canWrite ? (
    <LinkButton variant="primary" href="/growth-tools/subscribe-links/create">
      {t('createLink')}
    </LinkButton>
  ) : undefined
  const actions = (
    <>
      <LinkButton href="/growth-tools/consent-pages">{t('consentPagesTitle')}</LinkButton>
      {create}
    </>
  )

  return (
    <Page>
      <PageHead title={t('subscribeLinksTitle')} description={t('subscribeLinksDescription')} actions={actions} />
      <PageBody>
        {error ? (
          <Notification variant="error" action={{ label: tc('retry'), onClick: () => void mutate() }}>
            {t('loadError')}
          </Notification>
        ) : !data ? (
          <TableSkeleton />
        ) : data.links.length === 0 ? (
          <EmptyState heading={t('noLinksTitle')} body={t('noLinksBody')} actions={create} />
        ) : (
          <Card flush>
            <Table
              caption={t('subscribeLinksTitle')}
              columns={[
                { key: 'name', header: t('colName') },
                { key: 'list', header: t('colList') },
                { key: 'url', header: t('colUrl') },
                { key: 'status', header: t('colStatus') },
                { key: 'signups', header: t('colSignups'), align: 'right' },
              ]}
              rows={data.links.map((l) => ({
                id: l.id,
                name: <a href={`/growth-tools/subscribe-links/${encodeURIComponent(l.id)}`}>{l.name}</a>,
                list: l.listName ?? <span className={styles.muted}>{t('listDeleted')}</span>,
                url: (
                  <span className={styles.urlCell}>
                    <a className={styles.url} href={l.url} target="_blank" rel="noreferrer">
                      {l.url}
                    </a>
                    <CopyButton text={l.url} testId={`copy-${l.id}`} />
                  </span>
                ),
                status:
                  l.status === 'active' ? (
                    <Badge variant="success">{t('statusActive')}</Badge>
                  ) : (
                    <Badge>{t('statusDisabled')}</Badge>
                  ),
                signups: <span className={styles.num}>{format.number(l.signups)}</span>,
              }))}
            />
          </Card>
        )}
      </PageBody>
    </Page>
  )
}
