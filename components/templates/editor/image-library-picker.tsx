'use client'
// The account's image library (the images the asset library lists, hidden ones left out) as a
// grid to pick from, with a search by name.
import { useState } from 'react'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { useDebouncedValue } from '@/components/lists/use-debounced-value'
import { Spinner } from '@/components/ui/spinner'
import { templatesApi, type LibraryImage } from '../api'
import { mediaPath } from './media-path'
import styles from './editor.module.css'

export function ImageLibraryPicker({ onPick }: { onPick: (image: LibraryImage) => void }) {
  const t = useTranslations('templateEditor')
  const [search, setSearch] = useState('')
  const q = useDebouncedValue(search.trim(), 250)
  const { data, error } = useSWR(['template-images', q], () => templatesApi.images(q), { revalidateOnFocus: false })

  return (
    <div className={styles.picker} data-testid="image-library">
      <input
        type="search"
        className={styles.input}
        aria-label={t('imageLibrarySearch')}
        placeholder={t('imageLibrarySearch')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        data-testid="image-library-search"
      />
      {error ? (
        <p className={styles.fieldHint} role="alert">
          {t('imageLibraryError')}
        </p>
      ) : !data ? (
        <Spinner />
      ) : data.length === 0 ? (
        <p className={styles.fieldHint}>{q ? t('imageLibraryNoMatch') : t('imageLibraryEmpty')}</p>
      ) : (
        <ul className={styles.imageGrid} aria-label={t('imageLibrary')}>
          {data.map((img) => (
            <li key={img.id}>
              <button
                type="button"
                className={styles.imageTile}
                onClick={() => onPick(img)}
                aria-label={t('useImage', { name: img.name })}
                data-testid="library-image"
              >
                {/* eslint-disable-next-line @next/next/no-img-element -- a thumbnail of the merchant's own upload */}
                <img src={mediaPath(img.url)} alt="" loading="lazy" />
                <span>{img.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
