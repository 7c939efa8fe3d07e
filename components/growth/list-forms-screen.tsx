'use client'
// /list/{listId}/forms: the signup forms whose submit subscribes to this list (Form.listId),
// with their status, and "Create form", which starts /forms/create for this list.
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
import { readHttpFailure } from '@/components/auth/http-failure'

type Answer = {
  list: { id: string; name: string }
  forms: { id: string; name: string; status: string; formType: string; updatedAt: string }[]
}

export function ListFormsScreen({ listId }: { listId: string }) {
  const t = useTranslations('growth')
  const format = useFormatter()
  const canWrite = usePermission('forms_write')
  const { data, error } = useSWR(`/ajax/growth/list-forms/${encodeURIComponent(listId)}`, (url: string) =>
    http.get<Answer>(url).then((r) => r.data),
  )
  const create = canWrite ? (
    <LinkButton variant="primary" href={`/list/${encodeURIComponent(listId)}/forms/create`}>
      {t('createForm')}
    </LinkButton>
  ) : undefined
  const status = (s: string) =>
    s === 'live' ? (
      <Badge variant="success">{t('formLive')}</Badge>
    ) : s === 'scheduled' ? (
      <Badge variant="info">{t('formScheduled')}</Badge>
    ) : (
      <Badge>{t('formDraft')}</Badge>
    )

  return (
    <Page>
      <PageHead
        title={t('listFormsTitle')}
        description={data ? t('listFormsDescription', { list: data.list.name }) : undefined}
        actions={create}
      />
      <PageBody>
        {error ? (
          <Notification variant="error">
            {readHttpFailure(error).status === 404 ? t('listNotFound') : t('loadError')}
          </Notification>
        ) : !data ? (
          <TableSkeleton />
        ) : data.forms.length === 0 ? (
          <EmptyState heading={t('noFormsTitle')} body={t('noFormsBody')} actions={create} />
        ) : (
          <Card flush>
            <Table
              caption={t('listFormsTitle')}
              columns={[
                { key: 'name', header: t('colName') },
                { key: 'type', header: t('colType') },
                { key: 'status', header: t('colStatus') },
                { key: 'updated', header: t('colUpdated') },
              ]}
              rows={data.forms.map((f) => ({
                id: f.id,
                name: <a href={`/forms/${encodeURIComponent(f.id)}`}>{f.name}</a>,
                type: f.formType,
                status: status(f.status),
                updated: format.dateTime(new Date(f.updatedAt), { dateStyle: 'medium' }),
              }))}
            />
          </Card>
        )}
      </PageBody>
    </Page>
  )
}
