'use client'
// /objects: the account's custom object types with their record counts, and the builder's entry.
import Link from 'next/link'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { Badge } from '@/components/ui/badge'
import { LinkButton } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Spinner } from '@/components/ui/spinner'
import { Table } from '@/components/ui/table'
import { http } from '@/lib/client/http'
import type { ObjectsListResponse } from '@/app/ajax/objects/route'
import styles from './objects.module.css'

const RAW = { transformKeys: false } as const
export const OBJECTS_KEY = '/ajax/objects'
const get = <T,>(url: string) => http.get<T>(url, RAW).then((r) => r.data)

export function ObjectsList() {
  const t = useTranslations('customObjects')
  const format = useFormatter()
  const { data, error } = useSWR(OBJECTS_KEY, get<ObjectsListResponse>)
  const create = (
    <LinkButton href="/objects/build/name" variant="primary">
      {t('create')}
    </LinkButton>
  )
  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} actions={create} />
      <PageBody>
        {error ? (
          <EmptyState heading={t('errorTitle')} body={t('errorBody')} />
        ) : !data ? (
          <div className={styles.loading}>
            <Spinner />
          </div>
        ) : data.types.length === 0 ? (
          <EmptyState heading={t('emptyTitle')} body={t('emptyBody')} actions={create} />
        ) : (
          <Card>
            <Table
              caption={t('title')}
              columns={[
                { key: 'title', header: t('colName') },
                { key: 'key', header: t('colKey') },
                { key: 'fields', header: t('colFields'), align: 'right' },
                { key: 'records', header: t('colRecords'), align: 'right' },
                { key: 'status', header: t('colStatus') },
                { key: 'updated', header: t('colUpdated'), align: 'right' },
              ]}
              rows={data.types.map((o) => ({
                id: o.id,
                title: <Link href={`/objects/edit/name/${o.id}`}>{o.title}</Link>,
                key: o.key,
                fields: format.number(o.fieldCount),
                records: format.number(o.recordCount),
                status: (
                  <Badge variant={o.status === 'active' ? 'success' : 'neutral'}>
                    {o.status === 'active' ? t('statusActive') : t('statusDraft')}
                  </Badge>
                ),
                updated: format.dateTime(new Date(o.updatedAt), { dateStyle: 'medium' }),
              }))}
            />
          </Card>
        )}
      </PageBody>
    </Page>
  )
}
