// The public SMS program page (/{publicId}/info): the company, the terms the shopper agreed to,
// and how to stop (STOP) or get help (HELP). Read-only, no sign-in.
import { getTranslations } from 'next-intl/server'
import { AuthCard } from '@/components/auth/auth-card'
import type { SmsProgramInfo } from '@/lib/messaging/sms/sms-program-info'
import styles from './settings.module.css'

export async function SmsProgramInfoScreen({ info }: { info: SmsProgramInfo }) {
  const t = await getTranslations('smsProgramInfo')
  return (
    <AuthCard title={t('title', { company: info.companyName })} subtitle={t('subtitle')}>
      <div className={styles.stack} data-testid="sms-program-info">
        <p className={styles.description}>{info.disclosure}</p>
        <p className={styles.description}>{t('stop')}</p>
        <p className={styles.description}>{info.helpText ?? t('help')}</p>
        <p className={styles.description}>{t('rates')}</p>
        {(info.websiteUrl || info.address) && (
          <p className={styles.description}>
            {info.websiteUrl && (
              <a href={info.websiteUrl} rel="noopener noreferrer">
                {info.websiteUrl}
              </a>
            )}
            {info.websiteUrl && info.address && <br />}
            {info.address}
          </p>
        )}
      </div>
    </AuthCard>
  )
}
