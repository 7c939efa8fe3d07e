'use client'
// /profile/{id}/objects (the profile's records of every custom object type) and
// /profile/{id}/all-custom-objects/{key} (its records of one type): a table per type.
import Link from 'next/link'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { Card } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { Spinner } from '@/components/ui/spinner'
import { Table } from '@/components/ui/table'
import { http } from '@/lib/client/http'
import type { ProfileObjectGroup } from '@/lib/custom-objects/profile-objects'
import styles from './objects.module.css'

const RAW = { transformKeys: false } as const
const get = <T,>(url: string) => http.get<T>(url, RAW).then((r) => r.data)

export function ProfileObjects({ profileId, objectKey }: { profileId: string; objectKey?: string }) {
  const t = useTranslations('customObjects')
  const format = useFormatter()
  const base = `/ajax/profile/${encodeURIComponent(profileId)}/objects`
  const { data, error } = useSWR(
    objectKey ? `${base}?key=${encodeURIComponent(objectKey)}` : base,
    get<{ groups: ProfileObjectGroup[] }>,
  )
  if (error) return <EmptyState heading={t('errorTitle')} body={t('errorBody')} />
  if (!data)
    return (
      <div className={styles.loading}>
        <Spinner />
      </div>
    )
  if (data.groups.length === 0) return <EmptyState heading={t('profileEmptyTitle')} body={t('profileEmptyBody')} />
  const show = (v: unknown) =>
    v === undefined || v === null ? '—' : typeof v === 'boolean' ? (v ? t('yes') : t('no')) : String(v)
  return (
    <div data-testid="profile-objects">
      {data.groups.map((g) => (
        <div key={g.key} className={styles.group}>
          <Card
            title={
              objectKey ? (
                g.title
              ) : (
                <Link
                  href={`/profile/${encodeURIComponent(profileId)}/all-custom-objects/${encodeURIComponent(g.key)}`}
                >
                  {g.title}
                </Link>
              )
            }
          >
            <Table
              caption={g.title}
              columns={[
                { key: 'externalId', header: t('colRecordId') },
                ...g.fields.slice(0, objectKey ? 12 : 4).map((f) => ({ key: `f:${f.name}`, header: f.name })),
                { key: 'updated', header: t('colUpdated'), align: 'right' as const },
              ]}
              rows={g.records.map((r) => ({
                id: r.id,
                externalId: r.externalId,
                ...Object.fromEntries(g.fields.map((f) => [`f:${f.name}`, show(r.values[f.name])])),
                updated: format.dateTime(new Date(r.updatedAt), { dateStyle: 'medium', timeStyle: 'short' }),
              }))}
              empty={t('profileEmptyTitle')}
            />
          </Card>
        </div>
      ))}
    </div>
  )
}
