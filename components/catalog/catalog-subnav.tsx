// The catalog's sub-navigation: overview, items, categories, sources and (for those who may read
// it) the back-in-stock report. Not async and hook-only, so server and client screens both use it.
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import styles from './catalog.module.css'

export type CatalogSection = 'overview' | 'items' | 'categories' | 'sources' | 'backInStock'

export function CatalogSubnav({ current, backInStock }: { current: CatalogSection; backInStock: boolean }) {
  const t = useTranslations('catalogSources')
  const links: Array<{ id: CatalogSection; href: string; label: string }> = [
    { id: 'overview', href: '/catalogs', label: t('navOverview') },
    { id: 'items', href: '/catalog/items', label: t('navItems') },
    { id: 'categories', href: '/catalog/categories', label: t('navCategories') },
    { id: 'sources', href: '/catalog/sources', label: t('navSources') },
  ]
  if (backInStock) links.push({ id: 'backInStock', href: '/catalog/back-in-stock', label: t('navBackInStock') })
  return (
    <nav className={styles.subnav} aria-label={t('navLabel')}>
      {links.map((l) => (
        <Link key={l.id} href={l.href} aria-current={l.id === current ? 'page' : undefined}>
          {l.label}
        </Link>
      ))}
    </nav>
  )
}
