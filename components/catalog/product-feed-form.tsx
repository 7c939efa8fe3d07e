'use client'
// Create / edit a product feed for ads (/product-feeds/create, /product-feeds/{id}/edit) over
// /ajax/product-feeds. Failures follow the catalog rule: the field errors joined, else the fallback.
import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { CSRF_COOKIE, CSRF_HEADER } from '@/lib/client/http'
import styles from './catalog.module.css'

export interface FeedFormValue {
  id?: string
  name: string
  format: string
  currency: string
  categoryIds: string[]
}

function csrf(): string {
  const m = document.cookie.split(/;\s*/).find((c) => c.startsWith(CSRF_COOKIE + '='))
  return m ? decodeURIComponent(m.slice(CSRF_COOKIE.length + 1)) : ''
}

export function ProductFeedForm({
  initial,
  categories,
}: {
  initial: FeedFormValue
  categories: Array<{ id: string; name: string }>
}) {
  const t = useTranslations('catalog')
  const router = useRouter()
  const [v, setV] = useState(initial)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function call(url: string, method: string, body?: unknown) {
    setBusy(true)
    setError(null)
    try {
      const res = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json', [CSRF_HEADER]: csrf() },
        body: body ? JSON.stringify(body) : undefined,
      })
      const data = (await res.json().catch(() => ({}))) as { success?: boolean; fieldErrors?: Record<string, string[]> }
      if (!res.ok || data.success === false) {
        const msgs = Object.values(data.fieldErrors ?? {}).flat()
        setError(msgs.length ? msgs.join(' ') : t('fallbackError'))
        return false
      }
      return true
    } catch {
      setError(t('fallbackError'))
      return false
    } finally {
      setBusy(false)
    }
  }

  async function save(rotateToken = false) {
    const url = v.id ? `/ajax/product-feeds/${v.id}` : '/ajax/product-feeds'
    if (
      await call(url, 'POST', {
        name: v.name,
        format: v.format,
        currency: v.currency,
        categoryIds: v.categoryIds,
        rotateToken,
      })
    ) {
      router.push('/product-feeds')
      router.refresh()
    }
  }

  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
    >
      <label>
        {t('name')}
        <br />
        <input
          className={styles.input}
          value={v.name}
          onChange={(e) => setV({ ...v, name: e.target.value })}
          required
          maxLength={200}
        />
      </label>
      <label>
        {t('format')}
        <br />
        <select className={styles.input} value={v.format} onChange={(e) => setV({ ...v, format: e.target.value })}>
          <option value="xml">Google Merchant XML</option>
          <option value="json">JSON</option>
        </select>
      </label>
      <label>
        {t('currency')}
        <br />
        <input
          className={styles.input}
          value={v.currency}
          onChange={(e) => setV({ ...v, currency: e.target.value.toUpperCase() })}
          maxLength={3}
        />
      </label>
      <label>
        {t('feedCategories')}
        <br />
        <select
          className={`${styles.input} ${styles.multi}`}
          multiple
          size={Math.min(8, Math.max(3, categories.length))}
          value={v.categoryIds}
          onChange={(e) => setV({ ...v, categoryIds: Array.from(e.target.selectedOptions).map((o) => o.value) })}
        >
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <p>{t('feedRule')}</p>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.pager}>
        {v.id && (
          <Button onClick={() => void save(true)} disabled={busy}>
            {t('rotateToken')}
          </Button>
        )}
        {v.id && (
          <Button
            variant="danger"
            disabled={busy}
            onClick={async () => {
              if (await call(`/ajax/product-feeds/${v.id}`, 'DELETE')) {
                router.push('/product-feeds')
                router.refresh()
              }
            }}
          >
            {t('delete')}
          </Button>
        )}
        <Button variant="primary" type="submit" loading={busy}>
          {t('save')}
        </Button>
      </div>
    </form>
  )
}
