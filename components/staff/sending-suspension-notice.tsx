// The account's banner while staff have suspended its sending after a deliverability review:
// on every screen, with the reason, so nobody wonders why messages are skipped.
import { getTranslations } from 'next-intl/server'
import { activeSuspension } from '@/lib/staff/sending-suspension'
import { Notification } from '@/components/ui/notification'
import styles from './staff.module.css'

export async function SendingSuspensionNotice({ companyId }: { companyId: number }) {
  const suspension = await activeSuspension(companyId)
  if (!suspension) return null
  const t = await getTranslations('sendingSuspension')
  return (
    <div className={styles.banner} data-testid="sending-suspended-banner">
      <Notification variant="error" title={t('title')}>
        {t('body', { reason: suspension.reason })}
      </Notification>
    </div>
  )
}
