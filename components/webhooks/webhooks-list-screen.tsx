'use client'
// /cdp/webhooks: the account's outbound webhooks (name, endpoint, topics, on or off), each
// opening its edit screen, and the way to create one.
import Link from 'next/link'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Table } from '@/components/ui/table'
import { Badge } from '@/components/ui/badge'
import { LinkButton } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { ListStates } from '@/components/ui/list-states'
import type { TopicDto, WebhookDto } from './types'
import styles from './webhooks.module.css'
import screen from '@/components/ui/form-screen.module.css'

export const WEBHOOKS_KEY = '/ajax/webhooks'

export function WebhooksListScreen() {
  const t = useTranslations('webhooks')
  const format = useFormatter()
  const canWrite = usePermission(['integrations_write'])
  const { data, error, isLoading, mutate } = useSWR(WEBHOOKS_KEY, (url: string) =>
    http.get<{ webhooks: WebhookDto[]; topics: TopicDto[] }>(url).then((r) => r.data),
  )
  const hooks = data?.webhooks ?? []
  const createButton = canWrite && (
    <LinkButton variant="primary" href="/cdp/webhooks/create" data-testid="create-webhook">
      {t('create')}
    </LinkButton>
  )

  const body = (
    <ListStates
      error={error}
      loading={isLoading}
      empty={!hooks.length}
      loadError={t('loadError')}
      onRetry={() => void mutate()}
      emptyState={<EmptyState heading={t('emptyHeading')} body={t('emptyBody')} actions={createButton} />}
    >
      <Table
        caption={t('tableCaption')}
        columns={[
          { key: 'name', header: t('columnName') },
          { key: 'endpoint', header: t('columnEndpoint') },
          { key: 'topics', header: t('columnTopics') },
          { key: 'status', header: t('columnStatus') },
          { key: 'created', header: t('columnCreated') },
        ]}
        rows={hooks.map((w) => ({
          id: w.id,
          name: (
            <span>
              <Link className={screen.name} href={`/cdp/webhooks/${w.id}/edit`} data-testid={`webhook-${w.id}`}>
                {w.name}
              </Link>
              {w.description && (
                <span className={screen.muted}>
                  <br />
                  {w.description}
                </span>
              )}
            </span>
          ),
          endpoint: <span className={styles.code}>{w.endpointUrl}</span>,
          topics: t('topicCount', { count: w.topics.length }),
          status: w.enabled ? <Badge variant="success">{t('enabled')}</Badge> : <Badge>{t('disabled')}</Badge>,
          created: format.dateTime(new Date(w.createdAt), { dateStyle: 'medium' }),
        }))}
      />
    </ListStates>
  )

  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} actions={hooks.length ? createButton : undefined} />
      <PageBody>{body}</PageBody>
    </Page>
  )
}
