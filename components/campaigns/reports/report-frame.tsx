'use client'
// The frame of every campaign report tab: the campaign's name, status and send time, a link back
// to the campaigns, and the tabs (seed 001 §2.6: overview, recipients, conversions, links,
// audience, deliverability, variations, advanced). "Who clicked" is reached from the links tab.
import Link from 'next/link'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import type { ReactNode } from 'react'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { getJson } from '@/components/lists/fetcher'
import styles from '@/components/flows/reports/reports.module.css'

import { CAMPAIGN_TABS, reportHref, type CampaignTab } from './tabs'

interface CampaignHead {
  campaign: { id: string; name: string; status: string; sentAt: string | null; channel: string }
}

export function CampaignReportFrame({
  campaignId,
  tab,
  children,
}: {
  campaignId: string
  tab: CampaignTab | 'link-who'
  children: ReactNode
}) {
  const t = useTranslations('campaignReports')
  const { data } = useSWR(`/ajax/campaign/${encodeURIComponent(campaignId)}`, getJson<CampaignHead>)
  const c = data?.campaign
  return (
    <Page>
      <PageHead
        title={c?.name ?? t('title')}
        description={
          c ? (
            <span className={styles.crumb}>
              {t('status', { status: c.status })}
              {c.sentAt ? ` · ${t('sentAt', { at: new Date(c.sentAt) })}` : ''}
              {' · '}
              <Link href="/campaigns/list">{t('allCampaigns')}</Link>
            </span>
          ) : undefined
        }
      />
      <PageBody>
        <nav className={styles.tabs} aria-label={t('tabsLabel')}>
          {CAMPAIGN_TABS.map((x) => (
            <Link
              key={x}
              href={reportHref(campaignId, x)}
              aria-current={x === tab || (tab === 'link-who' && x === 'links') ? 'page' : undefined}
            >
              {t(`tab.${x}`)}
            </Link>
          ))}
        </nav>
        {children}
      </PageBody>
    </Page>
  )
}
