'use client'
// /manage-apps: the OAuth apps this company develops, with their client id and review status.
import Link from 'next/link'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Table } from '@/components/ui/table'
import { Badge } from '@/components/ui/badge'
import { LinkButton } from '@/components/ui/button'
import { Notification } from '@/components/ui/notification'
import { EmptyState } from '@/components/ui/empty-state'
import { Spinner } from '@/components/ui/spinner'
import { APPS_KEY, type OAuthAppDto } from './types'

export function ManageAppsScreen() {
  const t = useTranslations('oauthApps')
  const canWrite = usePermission(['applications_write'])
  const { data, error } = useSWR(APPS_KEY, (url: string) => http.get<{ apps: OAuthAppDto[] }>(url).then((r) => r.data))
  const create = canWrite && (
    <LinkButton variant="primary" href="/manage-apps/create" data-testid="create-oauth-app">
      {t('create')}
    </LinkButton>
  )
  let body
  if (error) body = <Notification variant="error">{t('loadError')}</Notification>
  else if (!data) body = <Spinner size="large" />
  else if (!data.apps.length) body = <EmptyState heading={t('emptyHeading')} body={t('emptyBody')} actions={create} />
  else {
    body = (
      <Table
        caption={t('title')}
        columns={[
          { key: 'name', header: t('columnName') },
          { key: 'clientId', header: t('columnClientId') },
          { key: 'status', header: t('columnStatus') },
        ]}
        rows={data.apps.map((a) => ({
          id: a.id,
          name: (
            <Link href={`/manage-apps/${a.id}`} data-testid={`oauth-app-${a.id}`}>
              {a.name}
            </Link>
          ),
          clientId: <code>{a.id}</code>,
          status: (
            <Badge variant={a.status === 'published' ? 'success' : undefined}>
              {t(
                a.status === 'in_review'
                  ? 'statusInReview'
                  : a.status === 'published'
                    ? 'statusPublished'
                    : 'statusDraft',
              )}
            </Badge>
          ),
        }))}
      />
    )
  }
  return (
    <Page>
      <PageHead
        title={t('title')}
        description={t('description')}
        actions={
          <>
            {create} <LinkButton href="/manage-apps/docs">{t('docsLink')}</LinkButton>
          </>
        }
      />
      <PageBody>{body}</PageBody>
    </Page>
  )
}
