'use client'
// /asset-library/brand and its sub-pages: the brand kit the email editor offers as blocks. The
// overview shows what is saved; styles, header links and social icons each have their own form,
// saved on their own (PUT /ajax/asset-library/brand with only that part). Without templates_write
// the forms are read-only.
import { useTranslations } from 'next-intl'
import Link from 'next/link'
import type { KeyedMutator } from 'swr'
import { readHttpFailure } from '@/components/auth/http-failure'
import { SettingsLoader } from '@/components/settings/settings-form-screen'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import type { BrandKitView } from '@/lib/brand/get-brand-kit'
import { AssetLibraryNav } from './asset-library-nav'
import { BrandStylesForm } from './brand-styles-form'
import { HeaderLinksForm, SocialIconsForm } from './brand-lists-form'
import styles from './brand.module.css'

export type BrandSection = 'overview' | 'styles' | 'header-links' | 'social-icons'
export const BRAND_KEY = '/ajax/asset-library/brand'
export type BrandMutate = KeyedMutator<{ brand: BrandKitView }>

export function BrandScreen({ section }: { section: BrandSection }) {
  const t = useTranslations('assetLibrary')
  const sub = [
    { href: '/asset-library/brand', label: t('brandOverview') },
    { href: '/asset-library/brand/styles', label: t('brandStyles') },
    { href: '/asset-library/brand/header-links', label: t('headerLinks') },
    { href: '/asset-library/brand/social-icons', label: t('socialIcons') },
  ]
  return (
    <SettingsLoader<{ brand: BrandKitView }>
      url={BRAND_KEY}
      title={t('brandTitle')}
      loadError={(e) => readHttpFailure(e).message ?? t('loadError')}
      loadingClassName={styles.loading}
      keepDataOnError
    >
      {(data, mutate) => (
        <Page>
          <PageHead title={t('brandTitle')} description={t('brandDescription')} />
          <PageBody>
            <AssetLibraryNav sub={sub} />
            <div data-testid={`brand-${section}`}>
              {section === 'styles' ? (
                <BrandStylesForm key={data.brand.updated} kit={data.brand} mutate={mutate} />
              ) : section === 'header-links' ? (
                <HeaderLinksForm key={data.brand.updated} kit={data.brand} mutate={mutate} />
              ) : section === 'social-icons' ? (
                <SocialIconsForm key={data.brand.updated} kit={data.brand} mutate={mutate} />
              ) : (
                <BrandOverview kit={data.brand} />
              )}
            </div>
          </PageBody>
        </Page>
      )}
    </SettingsLoader>
  )
}

function BrandOverview({ kit }: { kit: BrandKitView }) {
  const t = useTranslations('assetLibrary')
  const colours = Object.entries(kit.styles.colors)
  return (
    <div className={styles.stack}>
      {!kit.updated && (
        <EmptyState
          heading={t('brandEmptyHeading')}
          body={t('brandEmptyBody')}
          actions={<Link href="/asset-library/brand/styles">{t('brandStyles')}</Link>}
        />
      )}
      <Card title={t('brandStyles')} actions={<Link href="/asset-library/brand/styles">{t('edit')}</Link>}>
        <div className={styles.swatches} aria-label={t('colours')}>
          {colours.map(([name, value]) => (
            <span key={name} className={styles.swatch} style={{ background: value }} title={`${name} ${value}`} />
          ))}
        </div>
        <p className={styles.help}>
          {t('fontsSummary', { heading: kit.styles.fonts.heading, body: kit.styles.fonts.body })}
        </p>
      </Card>
      <Card title={t('headerLinks')} actions={<Link href="/asset-library/brand/header-links">{t('edit')}</Link>}>
        <p className={styles.help}>{t('linkCount', { count: kit.headerLinks.length })}</p>
      </Card>
      <Card title={t('socialIcons')} actions={<Link href="/asset-library/brand/social-icons">{t('edit')}</Link>}>
        <p className={styles.help}>{t('linkCount', { count: kit.socialIcons.length })}</p>
      </Card>
    </div>
  )
}
