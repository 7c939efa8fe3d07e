// No-access page (seed 000 §2, the 403 message namespace): names the object the viewer may not
// open and says who can change that.
import { useTranslations } from 'next-intl'
import { EmptyState } from '@/components/ui/empty-state'
import { LinkButton } from '@/components/ui/button'
import { LockIcon } from '@/components/ui/icons'
import styles from './no-access-screen.module.css'

export function NoAccessScreen({ objectName }: { objectName: string }) {
  const t = useTranslations('noAccess')
  return (
    <div className={styles.screen} data-testid="no-access-screen">
      <div className={styles.panel}>
        <p className={styles.eyebrow}>{t('eyebrow')}</p>
        <EmptyState
          headingLevel={1}
          image={<LockIcon size={28} />}
          heading={t('heading', { object: objectName })}
          body={
            <>
              <p>{t('body', { object: objectName })}</p>
              <p className={styles.guidance}>{t('guidance')}</p>
            </>
          }
          actions={
            <>
              <LinkButton href="/dashboard" variant="primary">
                {t('dashboard')}
              </LinkButton>
              <LinkButton href="/support" variant="secondary">
                {t('support')}
              </LinkButton>
            </>
          }
        />
      </div>
    </div>
  )
}
