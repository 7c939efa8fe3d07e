// /sms-guide/{playbookSlug}: the SMS playbooks; without a slug, the list of them. Content only
// (server component): the text is in the messages, the last step links to the guide that does it.
import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { LinkButton } from '@/components/ui/button'
import { SMS_PLAYBOOKS, type SmsPlaybook } from '@/lib/onboarding/sms-playbooks'
import styles from './onboarding.module.css'

// Each playbook's sections, in reading order: [its message key, the section heading's key].
const SUMMARY = 'summary'
const PARTS = [
  ['why', 'playbookWhy'],
  ['how', 'playbookHow'],
  ['example', 'playbookExample'],
] as const

export async function SmsGuideScreen({ playbook }: { playbook: SmsPlaybook | null }) {
  const t = await getTranslations('onboarding')
  if (!playbook)
    return (
      <Page>
        <div className={styles.wizard}>
          <PageHead title={t('smsGuideTitle')} description={t('smsGuideBody')} />
          <PageBody>
            <ul className={styles.list} data-testid="playbooks">
              {SMS_PLAYBOOKS.map((p) => (
                <li key={p.slug} className={styles.item}>
                  <div className={styles.itemText}>
                    <h2 className={styles.itemTitle}>{t(`playbook.${p.key}.title`)}</h2>
                    <p className={styles.muted}>{t(`playbook.${p.key}.${SUMMARY}`)}</p>
                  </div>
                  <LinkButton href={`/sms-guide/${p.slug}`} size="small">
                    {t('readPlaybook')}
                  </LinkButton>
                </li>
              ))}
            </ul>
          </PageBody>
        </div>
      </Page>
    )
  return (
    <Page>
      <div className={styles.wizard}>
        <Link href="/sms-guide">{t('allPlaybooks')}</Link>
        <PageHead title={t(`playbook.${playbook.key}.title`)} description={t(`playbook.${playbook.key}.${SUMMARY}`)} />
        <PageBody>
          <article className={styles.prose} data-testid={`playbook-${playbook.slug}`}>
            {PARTS.map(([part, heading]) => (
              <section key={part}>
                <h2>{t(heading)}</h2>
                <p>{t(`playbook.${playbook.key}.${part}`)}</p>
              </section>
            ))}
          </article>
          <LinkButton variant="primary" href={playbook.href}>
            {t('playbookStart')}
          </LinkButton>
        </PageBody>
      </div>
    </Page>
  )
}
