// /settings/account/security: two-factor sign-in (and, for owners, requiring it), my active
// sessions, support-staff consent for owners and admins, and for staff the list of customer
// accounts they may open under consent.
import { getTranslations } from 'next-intl/server'
import { getCurrentPrincipal } from '@/lib/server/current-principal'
import { Page, PageHead, PageBody } from '@/components/ui/page'
import { StaffConsentPanel } from '@/components/settings/staff-consent-panel'
import { StaffAccountOpener } from '@/components/settings/staff-account-opener'
import { MfaPanel } from '@/components/settings/mfa-panel'
import { SessionsPanel } from '@/components/settings/sessions-panel'
import styles from './security-settings-screen.module.css'

export async function SecuritySettingsScreen() {
  const p = await getCurrentPrincipal()
  if (!p) return null
  const t = await getTranslations('securityPage')
  return (
    <Page>
      <PageHead title={t('title')} description={t('description')} />
      <PageBody>
        <div className={styles.stack}>
          {!p.staffAccess && <MfaPanel isOwner={p.role === 'owner'} />}
          {!p.staffAccess && <SessionsPanel />}
          {p.resources.has('staff_consent_write') && !p.staffAccess && <StaffConsentPanel />}
          {p.user.isStaff && <StaffAccountOpener />}
        </div>
      </PageBody>
    </Page>
  )
}
