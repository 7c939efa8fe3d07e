// For provider staff: the customer accounts that have granted consent, each with an Open button.
import { getFormatter, getTranslations } from 'next-intl/server'
import { getCurrentPrincipal } from '@/lib/server/current-principal'
import { hasStaffPermission } from '@/lib/auth/permissions'
import { listConsentedCompanies } from '@/lib/auth/grant-staff-consent'
import { Card } from '@/components/ui/card'
import { OpenAccountButton } from './open-account-button'
import styles from './settings.module.css'

export async function StaffAccountOpener() {
  const p = await getCurrentPrincipal()
  if (!p?.user.isStaff || !hasStaffPermission(p.staffResources, ['staff_accounts_read'])) return null
  const t = await getTranslations('settings.staffAccounts')
  const format = await getFormatter()
  const companies = await listConsentedCompanies()
  return (
    <Card title={t('title')}>
      <div className={styles.stack}>
        <p className={styles.description}>{t('description')}</p>
        {companies.length === 0 ? (
          <p className={styles.statusMuted}>{t('empty')}</p>
        ) : (
          <ul className={styles.list}>
            {companies.map((c) => (
              <li key={c.id} className={styles.item}>
                <div>
                  <div className={styles.itemName}>{c.name}</div>
                  <div className={styles.itemMeta}>
                    {t('until', {
                      date: format.dateTime(new Date(c.expiresAt), { dateStyle: 'long', timeZone: 'UTC' }),
                    })}
                  </div>
                </div>
                <OpenAccountButton companyId={c.id} label={t('open')} errorText={t('openError')} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  )
}
