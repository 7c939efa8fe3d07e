// The one shared, honest screen for registered areas this version does not build yet: it says so
// plainly instead of showing a form that does nothing.
import { useTranslations } from 'next-intl'
import { EmptyState } from '@/components/ui/empty-state'
import { LinkButton } from '@/components/ui/button'
import { ToolIcon } from '@/components/ui/icons'
import styles from './not-available-screen.module.css'

export function NotAvailableScreen({ areaName, path }: { areaName: string; path: string }) {
  const t = useTranslations('notAvailable')
  const tc = useTranslations('common')
  return (
    <div className={styles.screen} data-testid="not-available-screen">
      <div className={styles.panel}>
        <EmptyState
          headingLevel={1}
          image={<ToolIcon size={28} />}
          heading={t('heading', { area: areaName })}
          body={
            <>
              <p>{t('body', { area: areaName, appName: tc('appName') })}</p>
              <p className={styles.path}>
                <span>{t('pathLabel')}</span> <code className={styles.code}>{path}</code>
              </p>
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
