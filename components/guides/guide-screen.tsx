'use client'
// /growth-strategies and /bfcm-hub: guided pages whose steps link to the tools that do them,
// marked done from the account's real state (/ajax/guides/*).
import Link from 'next/link'
import { useTranslations, useFormatter } from 'next-intl'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { LinkButton } from '@/components/ui/button'
import { useOps } from '@/components/deliverability/ops-api'
import { LoadStates } from '@/components/deliverability/load-states'
import type { GrowthGuideResponse } from '@/app/ajax/guides/growth/route'
import type { BfcmGuideResponse } from '@/app/ajax/guides/bfcm/route'
import styles from '@/components/deliverability/ops.module.css'

type Guide = 'growth' | 'bfcm'

export function GuideScreen({ guide }: { guide: Guide }) {
  const t = useTranslations(guide === 'growth' ? 'growthStrategies' : 'bfcmHub')
  const common = useTranslations('guides')
  const format = useFormatter()
  const { data, error, isLoading } = useOps<GrowthGuideResponse & Partial<BfcmGuideResponse>>(`/ajax/guides/${guide}`)
  const sections = data ? [...new Set(data.steps.map((s) => s.section))] : []
  const done = data?.steps.filter((s) => s.done).length ?? 0
  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} />
      <PageBody>
        {!data ? (
          <LoadStates loading={isLoading} error={error} />
        ) : (
          <div className={styles.stack}>
            {data.season && (
              <Card>
                <p className={styles.note}>
                  {t('season', {
                    blackFriday: format.dateTime(new Date(`${data.season.blackFriday}T00:00:00Z`), {
                      dateStyle: 'long',
                      timeZone: 'UTC',
                    }),
                    cyberMonday: format.dateTime(new Date(`${data.season.cyberMonday}T00:00:00Z`), {
                      dateStyle: 'long',
                      timeZone: 'UTC',
                    }),
                    days: data.season.daysUntil,
                  })}
                </p>
              </Card>
            )}
            <p className={styles.note}>{common('doneCount', { done, total: data.steps.length })}</p>
            <div className={styles.progressTrack}>
              <div className={styles.progressBar} style={{ width: `${(done / data.steps.length) * 100}%` }} />
            </div>
            {sections.map((section) => (
              <section key={section} className={styles.stack} style={{ gap: 'var(--space-3)' }}>
                <h2 className={styles.stepTitle}>{t(`section.${section}`)}</h2>
                <ol className={styles.steps}>
                  {data.steps
                    .filter((s) => s.section === section)
                    .map((s) => (
                      <li key={s.id} className={styles.step}>
                        <div className={styles.stepText}>
                          <h3 className={styles.stepTitle}>
                            <Link href={s.href}>{t(`step.${s.id}.title`)}</Link>
                          </h3>
                          <span className={styles.muted}>{t(`step.${s.id}.body`)}</span>
                          {s.count !== undefined && s.count > 0 && (
                            <span className={styles.muted}>{common('count', { count: s.count })}</span>
                          )}
                        </div>
                        <div className={styles.actions}>
                          {s.done ? <Badge variant="success">{common('done')}</Badge> : <Badge>{common('todo')}</Badge>}
                          <LinkButton href={s.href} size="small" variant={s.done ? 'secondary' : 'primary'}>
                            {s.done ? common('open') : common('start')}
                          </LinkButton>
                        </div>
                      </li>
                    ))}
                </ol>
              </section>
            ))}
          </div>
        )}
      </PageBody>
    </Page>
  )
}
