'use client'
// "Add item" on /catalog/items?new=1: an item and its first variant over K1's /ajax
// (/ajax/catalog-new/items, /ajax/catalog-new/variants). Failures: the field errors joined, else the fallback.
import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { CSRF_COOKIE, CSRF_HEADER } from '@/lib/client/http'
import styles from './catalog.module.css'

function csrf(): string {
  const m = document.cookie.split(/;\s*/).find((c) => c.startsWith(CSRF_COOKIE + '='))
  return m ? decodeURIComponent(m.slice(CSRF_COOKIE.length + 1)) : ''
}

export function NewItemForm() {
  const t = useTranslations('catalog')
  const router = useRouter()
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function post(url: string, body: unknown) {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CSRF_HEADER]: csrf() },
      body: JSON.stringify(body),
    })
    const data = (await res.json().catch(() => ({}))) as {
      success?: boolean
      fieldErrors?: Record<string, string[]>
      item?: { id: string }
    }
    if (!res.ok || data.success === false) {
      const msgs = Object.values(data.fieldErrors ?? {}).flat()
      throw new Error(msgs.length ? msgs.join(' ') : t('fallbackError'))
    }
    return data
  }

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault()
    // Read from the form itself: what was typed before the page finished loading counts too.
    const data = new FormData(e.currentTarget)
    const field = (k: string) => String(data.get(k) ?? '').trim()
    const f = {
      externalId: field('externalId'),
      title: field('title'),
      url: field('url'),
      price: field('price'),
      sku: field('sku'),
      inventory: field('inventory'),
    }
    setBusy(true)
    setError(null)
    try {
      const price = Number(f.price)
      const { item } = await post('/ajax/catalog-new/items', {
        externalId: f.externalId,
        title: f.title,
        description: '',
        url: f.url,
        price,
      })
      await post('/ajax/catalog-new/variants', {
        itemId: item!.id,
        externalId: `${f.externalId}-1`,
        title: f.title,
        description: '',
        sku: f.sku || f.externalId,
        price,
        inventoryQuantity: Number(f.inventory) || 0,
        inventoryPolicy: 0,
        url: f.url,
      })
      router.push(`/catalog/item/${item!.id}`)
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : t('fallbackError'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-label={t('addItem')}>
      <label>
        {t('externalId')}
        <br />
        <input className={styles.input} name="externalId" required />
      </label>
      <label>
        {t('name')}
        <br />
        <input className={styles.input} name="title" required />
      </label>
      <label>
        {t('url')}
        <br />
        <input className={styles.input} name="url" type="url" required />
      </label>
      <label>
        {t('price')}
        <br />
        <input className={styles.input} name="price" inputMode="decimal" required />
      </label>
      <label>
        SKU
        <br />
        <input className={styles.input} name="sku" />
      </label>
      <label>
        {t('inventory')}
        <br />
        <input className={styles.input} name="inventory" inputMode="numeric" defaultValue={'0'} />
      </label>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.pager}>
        <Button variant="primary" type="submit" loading={busy}>
          {t('save')}
        </Button>
      </div>
    </form>
  )
}
