'use client'
// Picks one or more items of the account's catalog (/ajax/catalog-new/items, published items):
// a search by title or id, a list with image, title and price, and a confirm button.
import { useState } from 'react'
import useSWR from 'swr'
import { useFormatter, useTranslations } from 'next-intl'
import { useDebouncedValue } from '@/components/lists/use-debounced-value'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { templatesApi, type CatalogPick } from '../api'
import styles from './editor.module.css'

export function CatalogItemPicker({
  onPick,
  onCancel,
}: {
  onPick: (items: CatalogPick[]) => void
  onCancel: () => void
}) {
  const t = useTranslations('templateEditor')
  const format = useFormatter()
  const [search, setSearch] = useState('')
  const [chosen, setChosen] = useState<CatalogPick[]>([])
  const q = useDebouncedValue(search.trim(), 250)
  const { data, error } = useSWR(['template-catalog', q], () => templatesApi.catalogItems(q), {
    revalidateOnFocus: false,
  })
  const isChosen = (id: string) => chosen.some((c) => c.id === id)
  const toggle = (item: CatalogPick) =>
    setChosen(isChosen(item.id) ? chosen.filter((c) => c.id !== item.id) : [...chosen, item])

  return (
    <div className={styles.picker} data-testid="catalog-picker">
      <input
        type="search"
        className={styles.input}
        aria-label={t('catalogSearch')}
        placeholder={t('catalogSearch')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        data-testid="catalog-search"
      />
      {error ? (
        <p className={styles.fieldHint} role="alert">
          {t('catalogError')}
        </p>
      ) : !data ? (
        <Spinner />
      ) : data.length === 0 ? (
        <p className={styles.fieldHint}>{q ? t('catalogNoMatch') : t('catalogEmpty')}</p>
      ) : (
        <ul className={styles.catalogList} aria-label={t('catalogResults')}>
          {data.map((item) => (
            <li key={item.id}>
              <label className={styles.catalogRow} data-testid="catalog-item">
                <input type="checkbox" checked={isChosen(item.id)} onChange={() => toggle(item)} />
                {item.image_url ? (
                  // eslint-disable-next-line @next/next/no-img-element -- the catalog's own image address
                  <img src={item.image_url} alt="" loading="lazy" />
                ) : (
                  <span className={styles.catalogNoImage} />
                )}
                <span className={styles.catalogText}>
                  <strong>{item.title}</strong>
                  <span className={styles.muted}>
                    {item.external_id}
                    {item.price !== null
                      ? ` · ${format.number(item.price, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
                      : ''}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.pickerActions}>
        <Button
          size="small"
          variant="primary"
          disabled={!chosen.length}
          onClick={() => onPick(chosen)}
          data-testid="catalog-use"
        >
          {t('catalogUse', { count: chosen.length })}
        </Button>
        <Button size="small" variant="tertiary" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </div>
  )
}
