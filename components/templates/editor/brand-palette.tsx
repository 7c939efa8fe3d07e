'use client'
// The brand kit in the block editor: apply the brand's styles to the email, or insert its header
// links, social icons or a button in its colours (copies: later brand changes do not rewrite a
// template). Blocks the kit has nothing for are disabled with a link to fill them in.
import useSWR from 'swr'
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import type { BlockDefinition, LeafBlock } from '@/lib/templates/block-definition'
import type { BrandKitView } from '@/lib/brand/get-brand-kit'
import { brandButtonBlock, brandStylesPatch, headerLinksBlock, socialIconsBlock } from '@/lib/brand/brand-blocks'
import { Button } from '@/components/ui/button'
import styles from './editor.module.css'

export function BrandPalette({
  onInsert,
  onStyles,
}: {
  onInsert: (block: LeafBlock) => void
  onStyles: (patch: Partial<BlockDefinition['styles']>) => void
}) {
  const t = useTranslations('assetLibrary')
  const { data, error } = useSWR('/ajax/asset-library/brand', (u: string) =>
    http.get<{ brand: BrandKitView }>(u).then((r) => r.data.brand),
  )
  if (error) return <p className={styles.fieldHint}>{t('loadError')}</p>
  if (!data) return null
  const header = headerLinksBlock(data)
  const social = socialIconsBlock(data)
  return (
    <div className={styles.savedList} data-testid="brand-palette">
      <Button size="small" variant="tertiary" onClick={() => onStyles(brandStylesPatch(data))}>
        {t('applyBrandStyles')}
      </Button>
      <Button size="small" variant="tertiary" disabled={!header} onClick={() => header && onInsert(header)}>
        {t('headerLinks')}
      </Button>
      <Button size="small" variant="tertiary" disabled={!social} onClick={() => social && onInsert(social)}>
        {t('socialIcons')}
      </Button>
      <Button size="small" variant="tertiary" onClick={() => onInsert(brandButtonBlock(data))}>
        {t('brandButton')}
      </Button>
      {(!header || !social) && (
        <p className={styles.fieldHint}>
          <Link href="/asset-library/brand">{t('completeBrand')}</Link>
        </p>
      )}
    </div>
  )
}
