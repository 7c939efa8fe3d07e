'use client'
// /cdp/code/overview: what code functions and transformations are, what the code can and cannot
// do, and the ways in (create a function, the dashboard, build a transformation, the consent).
import { useTranslations } from 'next-intl'
import { usePermission } from '@/lib/client/shell-context'
import { Page, PageBody, PageHead } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { LinkButton } from '@/components/ui/button'
import { CDP_WRITE } from './types'
import styles from './cdp-code.module.css'
import screen from '@/components/ui/form-screen.module.css'

export function CodeOverviewScreen() {
  const t = useTranslations('cdpCode')
  const canWrite = usePermission(CDP_WRITE)
  return (
    <Page>
      <PageHead
        title={t('overviewTitle')}
        description={t('overviewDescription')}
        actions={<LinkButton href="/cdp/code/dashboard">{t('openDashboard')}</LinkButton>}
      />
      <PageBody>
        <div className={screen.stack}>
          <div className={styles.sideBySide}>
            <Card title={t('functionsTitle')}>
              <div className={screen.form}>
                <p className={screen.help}>{t('functionsIntro')}</p>
                <ul className={styles.list}>
                  <li>{t('functionsPoint1')}</li>
                  <li>{t('functionsPoint2')}</li>
                  <li>{t('functionsPoint3')}</li>
                </ul>
                {canWrite && (
                  <div className={styles.actions}>
                    <LinkButton variant="primary" href="/cdp/code/create" data-testid="overview-create">
                      {t('createFunction')}
                    </LinkButton>
                  </div>
                )}
              </div>
            </Card>
            <Card title={t('transformationsTitle')}>
              <div className={screen.form}>
                <p className={screen.help}>{t('transformationsIntro')}</p>
                <ul className={styles.list}>
                  <li>{t('transformationsPoint1')}</li>
                  <li>{t('transformationsPoint2')}</li>
                </ul>
                {canWrite && (
                  <div className={styles.actions}>
                    <LinkButton href="/cdp/transformation/build" data-testid="overview-transformation">
                      {t('buildTransformation')}
                    </LinkButton>
                  </div>
                )}
              </div>
            </Card>
          </div>
          <Card title={t('sandboxTitle')}>
            <div className={screen.form}>
              <p className={screen.help}>{t('sandboxBody')}</p>
              <div className={styles.actions}>
                <LinkButton href="/cdp/code/authorize">{t('reviewConsent')}</LinkButton>
              </div>
            </div>
          </Card>
        </div>
      </PageBody>
    </Page>
  )
}
