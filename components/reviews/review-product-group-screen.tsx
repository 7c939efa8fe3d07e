'use client'
// /reviews/product_groups/:id: a group's name and products (picked from the catalog by title or
// store id); saving replaces the members; deleting stops the sharing.
import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Button, LinkButton } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { Notification } from '@/components/ui/notification'
import { deleteJson, useOps } from '@/components/deliverability/ops-api'
import { LoadStates } from '@/components/deliverability/load-states'
import type { ReviewProductGroupResponse } from '@/app/ajax/reviews/product-groups/[id]/route'
import type { ReviewCatalogItemsResponse } from '@/app/ajax/reviews/catalog-items/route'
import { attempt, sendJson } from './reviews-api'
import ops from '@/components/deliverability/ops.module.css'

type Product = ReviewProductGroupResponse['products'][number]

function GroupForm({
  group,
  onSaved,
}: {
  group: ReviewProductGroupResponse
  onSaved: (g: ReviewProductGroupResponse) => void
}) {
  const t = useTranslations('reviews')
  const router = useRouter()
  const [name, setName] = useState(group.name)
  const [products, setProducts] = useState<Product[]>(group.products)
  const [q, setQ] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null)
  const found = useOps<ReviewCatalogItemsResponse>('/ajax/reviews/catalog-items', { q })
  const url = `/ajax/reviews/product-groups/${encodeURIComponent(group.id)}`
  async function save() {
    const r = await attempt(() =>
      sendJson<ReviewProductGroupResponse>('PUT', url, { name, catalogItemIds: products.map((p) => p.id) }),
    )
    setErrors(r.fieldErrors)
    setStatus(r.data ? { ok: true, text: t('settings.saved') } : { ok: false, text: r.message ?? t('saveError') })
    if (r.data) onSaved(r.data)
  }
  async function remove() {
    const r = await attempt(() => deleteJson(url))
    if (r.data) router.push('/reviews/product_groups')
    else setStatus({ ok: false, text: r.message ?? t('saveError') })
  }
  const chosen = new Set(products.map((p) => p.id))
  return (
    <div className={ops.stack}>
      {status && <Notification variant={status.ok ? 'success' : 'error'}>{status.text}</Notification>}
      <Card title={t('groups.name')}>
        <TextField
          label={t('groups.name')}
          name="name"
          value={name}
          maxLength={120}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
        />
      </Card>
      <Card title={t('groups.products')}>
        {errors.catalogItemIds && <Notification variant="error">{errors.catalogItemIds}</Notification>}
        {products.length === 0 ? (
          <p className={ops.note}>{t('groups.noProducts')}</p>
        ) : (
          <ul className={ops.steps}>
            {products.map((p) => (
              <li key={p.id} className={ops.step}>
                <span className={ops.stepText}>
                  <span className={ops.stepTitle}>{p.title}</span>
                  <span className={ops.muted}>{p.externalId}</span>
                </span>
                <Button variant="secondary" onClick={() => setProducts(products.filter((x) => x.id !== p.id))}>
                  {t('groups.remove')}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <TextField label={t('groups.search')} name="q" value={q} onChange={(e) => setQ(e.target.value)} />
        <ul className={ops.steps}>
          {(found.data?.items ?? [])
            .filter((i) => !chosen.has(i.id))
            .slice(0, 8)
            .map((i) => (
              <li key={i.id} className={ops.step}>
                <span className={ops.stepText}>
                  <span className={ops.stepTitle}>{i.title}</span>
                  <span className={ops.muted}>{i.externalId}</span>
                </span>
                <Button variant="secondary" onClick={() => setProducts([...products, i])}>
                  {t('groups.add')}
                </Button>
              </li>
            ))}
        </ul>
      </Card>
      <div className={ops.actions}>
        <Button variant="primary" onClick={save}>
          {t('settings.save')}
        </Button>
        <Button variant="secondary" onClick={remove}>
          {t('groups.delete')}
        </Button>
      </div>
    </div>
  )
}

export function ReviewProductGroupScreen({ id }: { id: string }) {
  const t = useTranslations('reviews')
  const { data, error, isLoading, mutate } = useOps<ReviewProductGroupResponse>(
    `/ajax/reviews/product-groups/${encodeURIComponent(id)}`,
  )
  return (
    <Page>
      <PageHead
        title={data?.name ?? t('groups.title')}
        actions={<LinkButton href="/reviews/product_groups">{t('groups.back')}</LinkButton>}
      />
      <PageBody>
        {!data ? (
          <LoadStates loading={isLoading} error={error} />
        ) : (
          <GroupForm key={data.id} group={data} onSaved={(g) => mutate(g, { revalidate: false })} />
        )}
      </PageBody>
    </Page>
  )
}
