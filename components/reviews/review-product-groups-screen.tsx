'use client'
// /reviews/product_groups: groups of products that share their reviews (variants, bundles), and
// a new group by name (its products are picked on the group's page).
import { useState, type FormEvent } from 'react'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { Table } from '@/components/ui/table'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { useOps } from '@/components/deliverability/ops-api'
import { LoadStates } from '@/components/deliverability/load-states'
import type { ReviewProductGroupsResponse } from '@/app/ajax/reviews/product-groups/route'
import type { ReviewProductGroupResponse } from '@/app/ajax/reviews/product-groups/[id]/route'
import { attempt, sendJson } from './reviews-api'
import ops from '@/components/deliverability/ops.module.css'

export function ReviewProductGroupsScreen() {
  const t = useTranslations('reviews')
  const router = useRouter()
  const { data, error, isLoading } = useOps<ReviewProductGroupsResponse>('/ajax/reviews/product-groups')
  const [name, setName] = useState('')
  const [nameError, setNameError] = useState<string | undefined>()
  async function create(e: FormEvent) {
    e.preventDefault()
    const r = await attempt(() =>
      sendJson<ReviewProductGroupResponse>('POST', '/ajax/reviews/product-groups', { name, catalogItemIds: [] }),
    )
    if (r.data) router.push(`/reviews/product_groups/${r.data.id}`)
    else setNameError(r.fieldErrors.name ?? r.message ?? t('saveError'))
  }
  return (
    <Page>
      <PageHead title={t('groups.title')} description={t('groups.description')} />
      <PageBody>
        <div className={ops.stack}>
          <Card title={t('groups.new')}>
            <form className={ops.form} onSubmit={create} noValidate>
              <TextField
                label={t('groups.name')}
                name="name"
                value={name}
                maxLength={120}
                onChange={(e) => setName(e.target.value)}
                error={nameError}
              />
              <div className={ops.actions}>
                <Button type="submit" variant="primary">
                  {t('groups.create')}
                </Button>
              </div>
            </form>
          </Card>
          {!data ? (
            <LoadStates loading={isLoading} error={error} />
          ) : data.groups.length === 0 ? (
            <EmptyState heading={t('groups.emptyTitle')} body={t('groups.emptyBody')} />
          ) : (
            <Table
              caption={t('groups.title')}
              columns={[
                { key: 'name', header: t('groups.name') },
                { key: 'members', header: t('groups.products'), align: 'right' },
              ]}
              rows={data.groups.map((g) => ({
                id: g.id,
                name: <Link href={`/reviews/product_groups/${g.id}`}>{g.name}</Link>,
                members: g.members,
              }))}
            />
          )}
        </div>
      </PageBody>
    </Page>
  )
}
