// /email-confirmation: whether my address is confirmed; if not, the sign-up link sent again.
import { getTranslations } from 'next-intl/server'
import { getCurrentPrincipal } from '@/lib/server/current-principal'
import { Page, PageHead, PageBody } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { Notification } from '@/components/ui/notification'
import { LinkButton } from '@/components/ui/button'
import { ResendConfirmationButton } from './resend-confirmation-button'
import styles from './settings.module.css'

export async function EmailConfirmationScreen() {
  const p = await getCurrentPrincipal()
  if (!p) return null
  const t = await getTranslations('emailConfirmation')
  return (
    <Page>
      <PageHead title={t('title')} />
      <PageBody>
        <Card>
          <div className={styles.stack}>
            {p.user.emailConfirmed ? (
              <Notification variant="success" title={t('confirmedTitle')}>
                {t('confirmedBody', { email: p.user.email })}
              </Notification>
            ) : (
              <>
                <Notification variant="warning" title={t('pendingTitle')}>
                  {t('pendingBody', { email: p.user.email })}
                </Notification>
                <div>
                  <ResendConfirmationButton />
                </div>
              </>
            )}
            <div>
              <LinkButton href="/settings/account/personal">{t('personalLink')}</LinkButton>
            </div>
          </div>
        </Card>
      </PageBody>
    </Page>
  )
}
