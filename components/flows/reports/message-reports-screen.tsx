'use client'
// /flow/message/{messageId}/reports/{overview,recipients,links,deliverability,conversions,variations}
// and link/who: the
// read-only reports of one flow message, from its Sends and their message events.
import Link from 'next/link'
import useSWR from 'swr'
import { useTranslations } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import { getJson } from '@/components/lists/fetcher'
import { isHttpError } from '@/lib/client/http'
import { OverviewTab } from './overview-tab'
import { RecipientsTab } from './recipients-tab'
import { LinksTab } from './links-tab'
import { DeliverabilityTab } from './deliverability-tab'
import { ConversionsTab } from './conversions-tab'
import { VariationsTab } from './variations-tab'
import { LinkClickers } from './link-clickers'
import { REPORT_TABS, type Overview, type ReportScreen, type ReportTab } from './types'
import styles from './reports.module.css'

export function MessageReportsScreen({
  messageId,
  tab,
  url = null,
}: {
  messageId: string
  tab: ReportScreen
  url?: string | null
}) {
  const t = useTranslations('flowReports')
  const base = `/ajax/flow/message/${encodeURIComponent(messageId)}/reports`
  const { data, error, mutate } = useSWR(`${base}/overview`, getJson<Overview>)
  const m = data?.message
  const title = m ? m.name || m.subject || t('untitled') : t('title')
  const notFound = isHttpError(error) && error.status === 404
  // Built from parts: every tab of REPORT_TABS is a registered, built route.
  const tabHref = (x: ReportTab) => ['', 'flow', 'message', encodeURIComponent(messageId), 'reports', x].join('/')

  return (
    <Page>
      <PageHead
        title={title}
        description={
          m ? (
            <span className={styles.crumb}>
              {t('inFlow')} <Link href={`/flow/${encodeURIComponent(m.flowId)}/edit`}>{m.flowName}</Link>
              {m.subject && m.name ? ` · ${m.subject}` : ''}
            </span>
          ) : undefined
        }
      />
      <PageBody>
        <nav className={styles.tabs} aria-label={t('tabsLabel')}>
          {REPORT_TABS.map((x) => (
            <Link
              key={x}
              href={tabHref(x)}
              aria-current={x === tab || (tab === 'link-who' && x === 'links') ? 'page' : undefined}
            >
              {t(`tab.${x}` as 'tab.overview')}
            </Link>
          ))}
        </nav>
        {notFound ? (
          <Notification variant="error" title={t('notFound')} />
        ) : error ? (
          <Notification
            variant="error"
            title={t('loadError')}
            action={{ label: t('retry'), onClick: () => void mutate() }}
          />
        ) : !data ? (
          <Spinner label={t('loading')} />
        ) : tab === 'overview' ? (
          <OverviewTab data={data} />
        ) : tab === 'recipients' ? (
          <RecipientsTab base={base} />
        ) : tab === 'links' ? (
          <LinksTab
            base={base}
            whoHref={(u) => `${tabHref('links').replace(/links$/, 'link/who')}?url=${encodeURIComponent(u)}`}
          />
        ) : tab === 'link-who' ? (
          <LinkClickers endpoint={`${base}/link-who`} url={url} backHref={tabHref('links')} />
        ) : tab === 'variations' ? (
          <VariationsTab base={base} flowId={m?.flowId ?? null} />
        ) : tab === 'deliverability' ? (
          <DeliverabilityTab base={base} />
        ) : (
          <ConversionsTab base={base} />
        )}
      </PageBody>
    </Page>
  )
}
