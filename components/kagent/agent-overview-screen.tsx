'use client'
// /kagent/overview: the conversation agent's last 30 days — customer messages, the answers it
// sent by rule and by delivery outcome — and its knowledge (FAQ entries, automatic answers on or
// off), with links to the history and the knowledge. A new account sees what to set up first.
import useSWR from 'swr'
import Link from 'next/link'
import { useFormatter, useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { LinkButton } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Notification } from '@/components/ui/notification'
import { Spinner } from '@/components/ui/spinner'
import type { AgentOverviewResponse } from '@/lib/kagent/get-agent-overview'
import styles from './kagent.module.css'

export function AgentOverviewScreen() {
  const t = useTranslations('dataPlatform')
  const format = useFormatter()
  const { data, error, mutate } = useSWR('/ajax/kagent/overview', (u: string) =>
    http.get<AgentOverviewResponse>(u).then((r) => r.data),
  )
  const empty = data && data.inbound === 0 && data.answered === 0 && data.knowledge.entries === 0
  const fact = (label: string, n: number, testId?: string) => (
    <div className={styles.item} data-testid={testId}>
      <span className={styles.muted}>{label}</span>
      <strong>{format.number(n)}</strong>
    </div>
  )
  return (
    <Page>
      <PageHead
        title={t('agent.title')}
        description={t('agent.description')}
        actions={
          <div className={styles.filters}>
            <LinkButton href="/kagent/history">{t('agent.history')}</LinkButton>
            <LinkButton href="/kagent/knowledge">{t('agent.knowledge')}</LinkButton>
          </div>
        }
      />
      <PageBody>
        <div className={styles.stack}>
          {error && (
            <Notification variant="error" action={{ label: t('retry'), onClick: () => void mutate() }}>
              {t('loadError')}
            </Notification>
          )}
          {!data && !error && (
            <div className={styles.loading}>
              <Spinner size="large" label={t('loading')} />
            </div>
          )}
          {empty && (
            <Card>
              <EmptyState
                heading={t('agent.empty')}
                body={t('agent.emptyBody')}
                actions={<Link href="/inbox/faq/new">{t('agent.addFaq')}</Link>}
              />
            </Card>
          )}
          {data && !empty && (
            <Card title={t('agent.activity', { days: data.days })} flush>
              <div className={styles.facts} data-testid="agent-activity">
                {fact(t('agent.inbound'), data.inbound)}
                {fact(t('agent.answered'), data.answered, 'agent-answered')}
                {fact(t('agent.delivered'), data.outcomes.delivered)}
                {fact(t('agent.failed'), data.outcomes.failed)}
                {fact(t('agent.pending'), data.outcomes.pending)}
                {fact(t('agent.byFaq'), data.byRule.faq)}
                {fact(t('agent.byIntent'), data.byRule.intent)}
                {fact(t('agent.byAway'), data.byRule.awayMessage)}
              </div>
            </Card>
          )}
          {data && (
            <Card
              title={t('agent.sources')}
              actions={<LinkButton href="/kagent/knowledge">{t('agent.knowledge')}</LinkButton>}
            >
              <div className={styles.stack}>
                <div className={styles.head}>
                  <span>
                    {t('agent.faqEntries', { count: data.knowledge.entries, enabled: data.knowledge.enabled })}
                  </span>
                  {data.knowledge.autoAnswer ? (
                    <Badge variant="success">{t('agent.autoOn')}</Badge>
                  ) : (
                    <Badge>{t('agent.autoOff')}</Badge>
                  )}
                </div>
                <div className={styles.head}>
                  <span>{t('agent.awayMessage')}</span>
                  {data.knowledge.awayMessage ? (
                    <Badge variant="success">{t('agent.on')}</Badge>
                  ) : (
                    <Badge>{t('agent.off')}</Badge>
                  )}
                </div>
              </div>
            </Card>
          )}
        </div>
      </PageBody>
    </Page>
  )
}
