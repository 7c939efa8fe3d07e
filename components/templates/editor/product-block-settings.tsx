'use client'
// The product block's settings (issue 30 §4): pick items of the catalog (the first fills this
// block, each further one is a product block after it), or fill the fields by hand. A picked
// item's price is kept as a number and printed in the company's currency when the email is
// rendered; a price typed here is printed as written.
import { useState } from 'react'
import { useTranslations } from 'next-intl'
import type { LeafBlock } from '@/lib/templates/block-definition'
import { Button } from '@/components/ui/button'
import type { CatalogPick } from '../api'
import { CatalogItemPicker } from './catalog-item-picker'
import { InputField } from './fields'
import styles from './editor.module.css'

type ProductBlock = Extract<LeafBlock, { type: 'product' }>
// an image may be on our own origin (root-relative: made absolute on APP_URL when sent); a link must be absolute
const IMAGE = /^(https?:\/\/|\/(?!\/))/i
const ABSOLUTE = /^https?:\/\//i

/** The block's fields from a catalog item; the button text the merchant chose stays. */
export function productFromCatalog(item: CatalogPick, buttonText?: string): ProductBlock {
  const image = item.image_full_url ?? item.image_url
  return {
    type: 'product',
    title: item.title,
    catalogItemId: item.external_id,
    ...(item.price !== null ? { amount: item.price } : {}),
    ...(image && IMAGE.test(image) ? { imageUrl: image } : {}),
    ...(item.url && ABSOLUTE.test(item.url) ? { href: item.url } : {}),
    ...(buttonText ? { buttonText } : {}),
  }
}

export function ProductBlockSettings({
  block,
  set,
  onInsertAfter,
}: {
  block: ProductBlock
  set: (patch: Partial<ProductBlock>) => void
  onInsertAfter?: (blocks: LeafBlock[]) => void
}) {
  const t = useTranslations('templateEditor')
  const [picking, setPicking] = useState(false)
  const varHint = t('variablesHint')

  function pick(items: CatalogPick[]) {
    const [first, ...rest] = items
    if (!first) return
    const next = productFromCatalog(first, block.buttonText)
    // fields the item has not got are cleared, not left from the block's previous content
    set({ ...next, price: undefined, imageUrl: next.imageUrl, href: next.href, amount: next.amount })
    if (rest.length && onInsertAfter) onInsertAfter(rest.map((i) => productFromCatalog(i, block.buttonText)))
    setPicking(false)
  }

  return (
    <div className={styles.settings}>
      <div className={styles.field}>
        {block.catalogItemId && (
          <p className={styles.fieldHint} data-testid="product-catalog-id">
            {t('fromCatalog', { id: block.catalogItemId })}
          </p>
        )}
        {picking ? (
          <CatalogItemPicker onPick={pick} onCancel={() => setPicking(false)} />
        ) : (
          <Button size="small" onClick={() => setPicking(true)} data-testid="catalog-pick">
            {block.catalogItemId ? t('catalogChange') : t('catalogPick')}
          </Button>
        )}
      </div>
      <InputField
        label={t('productTitle')}
        value={block.title}
        onChange={(title) => set({ title })}
        hint={varHint}
        testId="product-title"
      />
      <InputField
        label={t('productPrice')}
        value={block.price}
        onChange={(price) => set({ price: price || undefined })}
        hint={block.amount !== undefined && !block.price ? t('productAmountHint', { amount: block.amount }) : undefined}
        testId="product-price"
      />
      <InputField
        label={t('imageSrc')}
        value={block.imageUrl}
        onChange={(imageUrl) => set({ imageUrl: imageUrl || undefined })}
        testId="product-image"
      />
      <InputField
        label={t('linkUrl')}
        value={block.href}
        onChange={(href) => set({ href: href || undefined })}
        testId="product-href"
      />
      <InputField
        label={t('buttonText')}
        value={block.buttonText}
        onChange={(buttonText) => set({ buttonText: buttonText || undefined })}
      />
      <InputField
        label={t('repeatFor')}
        value={block.repeat?.collection}
        placeholder="event.Items"
        hint={t('repeatHint')}
        onChange={(collection) =>
          set({ repeat: collection ? { collection, as: block.repeat?.as ?? 'item' } : undefined })
        }
      />
      {block.repeat && (
        <InputField
          label={t('repeatAs')}
          value={block.repeat.as}
          onChange={(as) => set({ repeat: { ...block.repeat!, as } })}
        />
      )}
    </div>
  )
}
