'use client'
// The asset library's sections (brand, fonts, images) and, inside one, its sub-pages, as links so
// each view has its own address.
import Link from 'next/link'
import { usePathname } from 'next/navigation'
import { useTranslations } from 'next-intl'
import styles from './brand.module.css'

export function AssetLibraryNav({ sub }: { sub?: { href: string; label: string }[] }) {
  const t = useTranslations('assetLibrary')
  const path = usePathname()
  const main = [
    { href: '/asset-library/brand', label: t('navBrand') },
    { href: '/asset-library/fonts', label: t('navFonts') },
    { href: '/asset-library/images', label: t('navImages') },
  ]
  const row = (items: { href: string; label: string }[], label: string, exact: boolean) => (
    <nav aria-label={label} className={styles.tabs}>
      {items.map((i) => {
        const active = exact ? path === i.href : path === i.href || path.startsWith(`${i.href}/`)
        return (
          <Link key={i.href} href={i.href} className={styles.tab} aria-current={active ? 'page' : undefined}>
            {i.label}
          </Link>
        )
      })}
    </nav>
  )
  return (
    <>
      {row(main, t('navLabel'), false)}
      {sub && row(sub, t('navSubLabel'), true)}
    </>
  )
}
