// /try-service: the channels and tools an account can switch on and try, each linked to the
// guide or settings page that sets it up.
import { getTranslations } from 'next-intl/server'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { LinkButton } from '@/components/ui/button'
import styles from './onboarding.module.css'

const SERVICES = [
  { id: 'sms', href: '/get-started/sms-setup' },
  { id: 'push', href: '/settings/push-notifications' },
  { id: 'whatsapp', href: '/settings/whatsapp' },
  { id: 'reviews', href: '/reviews' },
  { id: 'customerHub', href: '/customer-hub/get-started' },
] as const

export async function TryServiceScreen() {
  const t = await getTranslations('onboarding')
  return (
    <Page>
      <PageHead title={t('tryTitle')} description={t('tryBody')} />
      <PageBody>
        <ul className={styles.list} data-testid="services">
          {SERVICES.map((s) => (
            <li key={s.id} className={styles.item}>
              <div className={styles.itemText}>
                <h2 className={styles.itemTitle}>{t(`try.${s.id}.title`)}</h2>
                <p className={styles.muted}>{t(`try.${s.id}.body`)}</p>
              </div>
              <LinkButton href={s.href} size="small" variant="primary">
                {t('tryIt')}
              </LinkButton>
            </li>
          ))}
        </ul>
      </PageBody>
    </Page>
  )
}
