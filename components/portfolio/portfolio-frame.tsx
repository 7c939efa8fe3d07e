'use client'
// The frame of every /portfolio/* screen: the user's current portfolio (or the way to make one),
// the section links and a picker when the user has several portfolios. Loading, error and
// "no portfolio yet" are handled here once, so each screen only draws its own data.
import type { ReactNode } from 'react'
import Link from 'next/link'
import { usePathname, useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { LinkButton } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { Notification } from '@/components/ui/notification'
import { EmptyState } from '@/components/ui/empty-state'
import { Spinner } from '@/components/ui/spinner'
import { useCurrentPortfolio, type PortfolioSummary } from './portfolio-api'
import styles from './portfolio.module.css'

const SECTIONS = [
  ['dashboard', '/portfolio/dashboard'],
  ['accounts', '/portfolio/accounts'],
  ['campaigns', '/portfolio/campaigns'],
  ['flows', '/portfolio/flows'],
  ['metrics', '/portfolio/metrics'],
  ['users', '/portfolio/users'],
  ['billing', '/portfolio/billing'],
] as const

/** A portfolio page's link keeping the chosen portfolio. */
export const withPortfolio = (href: string, p: PortfolioSummary | null) => (p ? `${href}?portfolio=${p.id}` : href)

export function PortfolioFrame({
  title,
  portfolioId,
  actions,
  children,
}: {
  title: string
  /** The page's ?portfolio= (read by the page from its search params). */
  portfolioId?: number
  actions?: (p: PortfolioSummary) => ReactNode
  children: (p: PortfolioSummary) => ReactNode
}) {
  const t = useTranslations('portfolio')
  const pathname = usePathname()
  const router = useRouter()
  const { list, current, all } = useCurrentPortfolio(portfolioId)

  let body: ReactNode
  if (list.error) body = <Notification variant="error" title={t('loadError')} />
  else if (!list.data) body = <Spinner label={t('loading')} />
  else if (!current)
    body = (
      <EmptyState
        heading={t('noPortfolioTitle')}
        body={t('noPortfolioBody')}
        actions={
          <LinkButton variant="primary" href="/portfolio-wizard">
            {t('createPortfolio')}
          </LinkButton>
        }
      />
    )
  else
    body = (
      <>
        <nav aria-label={t('sectionsLabel')}>
          <ul className={styles.tabs}>
            {SECTIONS.map(([key, href]) => (
              <li key={key}>
                <Link href={withPortfolio(href, current)} aria-current={pathname.startsWith(href) ? 'page' : undefined}>
                  {t(`sections.${key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {all.length > 1 && (
          <div className={styles.toolbar}>
            <Select
              name="portfolio"
              label={t('portfolioPicker')}
              value={String(current.id)}
              onChange={(e) => router.push(`${pathname}?portfolio=${e.target.value}`)}
              options={all.map((p) => ({ value: String(p.id), label: p.name }))}
            />
          </div>
        )}
        {children(current)}
      </>
    )
  return (
    <Page width="full">
      <PageHead
        title={current ? `${title}: ${current.name}` : title}
        actions={current && actions ? actions(current) : undefined}
      />
      <PageBody>{body}</PageBody>
    </Page>
  )
}

/** The usual three states of a portfolio section's data. */
export function DataState({ error, loading, children }: { error: unknown; loading: boolean; children: ReactNode }) {
  const t = useTranslations('portfolio')
  if (error) return <Notification variant="error" title={t('loadError')} />
  if (loading) return <Spinner label={t('loading')} />
  return <>{children}</>
}
