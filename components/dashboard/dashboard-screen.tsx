// The home screen: the account at a glance, the team, where to go next and sign-in security.
// Audience and metric cards arrive with the audience issue; nothing here is placeholder data.
import Link from 'next/link'
import { getFormatter, getTranslations } from 'next-intl/server'
import { db } from '@/lib/db/client'
import { getCurrentPrincipal } from '@/lib/server/current-principal'
import { currentConsent } from '@/lib/auth/staff-consent'
import { isFirstVisit } from '@/lib/account/is-first-visit'
import { buildNavItems } from '@/lib/routes/nav'
import { getFeatureFlags } from '@/lib/flags/get-feature-flags'
import { ROLE_LABELS, isRole } from '@/lib/auth/roles'
import { Page, PageHead, PageBody } from '@/components/ui/page'
import { Card } from '@/components/ui/card'
import { AudienceCards } from './audience-cards'
import { RevenueCard } from './revenue-card'
import { AccountStatusBadge, PlanName } from './account-status'
import styles from './dashboard-screen.module.css'

export async function DashboardScreen() {
  const p = await getCurrentPrincipal()
  if (!p) return null
  const t = await getTranslations('dashboard')
  const tNav = await getTranslations('nav')
  const format = await getFormatter()
  const canSeeTeam = p.resources.has('account_users_read')
  const [memberCount, members, consent, flags, firstVisit] = await Promise.all([
    db.membership.count({ where: { companyId: p.companyId } }),
    canSeeTeam
      ? db.membership.findMany({
          where: { companyId: p.companyId },
          include: { user: { select: { firstName: true, lastName: true, email: true } } },
          orderBy: { id: 'asc' },
          take: 6,
        })
      : Promise.resolve([]),
    currentConsent(p.companyId),
    getFeatureFlags(p.companyId),
    isFirstVisit(p.userId, p.sessionId),
  ])
  const destinations = buildNavItems(p.resources, flags, '/dashboard').filter((n) => n.id !== 'home')
  const roleLabel = (role: string) => (isRole(role) ? ROLE_LABELS[role] : role)

  return (
    <Page>
      <PageHead
        title={t(firstVisit ? 'welcomeFirst' : 'welcome', { name: p.user.firstName || p.user.email })}
        description={t('subtitle', { company: p.company.name })}
      />
      <PageBody>
        <div className={styles.grid}>
          <RevenueCard />
          <AudienceCards />
          <Card title={t('accountTitle')}>
            <dl className={styles.facts}>
              <dt>{t('accountName')}</dt>
              <dd>{p.company.name}</dd>
              <dt>{t('accountStatus')}</dt>
              <dd>
                <AccountStatusBadge status={p.company.status} />
              </dd>
              <dt>{t('accountPlan')}</dt>
              <dd>
                <PlanName planKey={p.company.planKey} />
              </dd>
              <dt>{t('accountTimezone')}</dt>
              <dd>{p.company.timezone}</dd>
              <dt>{t('accountPublicKey')}</dt>
              <dd>
                <code>{p.company.publicApiKey}</code>
              </dd>
              <dt>{t('yourRole')}</dt>
              <dd>{roleLabel(p.role)}</dd>
            </dl>
          </Card>
          <Card title={t('teamTitle', { count: memberCount })}>
            {canSeeTeam ? (
              <ul className={styles.list} data-testid="dashboard-team">
                {members.map((m) => (
                  <li key={m.id}>
                    <span>{[m.user.firstName, m.user.lastName].filter(Boolean).join(' ') || m.user.email}</span>
                    <span className={styles.muted}>{roleLabel(m.role)}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.muted}>{t('teamHidden')}</p>
            )}
          </Card>
          <Card title={t('nextTitle')}>
            {destinations.length ? (
              <ul className={styles.links}>
                {destinations.map((n) => (
                  <li key={n.id}>
                    <Link href={n.url}>{tNav(n.labelKey)}</Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.muted}>{t('nextNone')}</p>
            )}
          </Card>
          <Card title={t('securityTitle')}>
            <dl className={styles.facts}>
              <dt>{t('lastSignIn')}</dt>
              <dd>
                {p.user.lastLoginAt
                  ? format.dateTime(p.user.lastLoginAt, { dateStyle: 'medium', timeStyle: 'short' })
                  : t('never')}
              </dd>
              <dt>{t('lastSignInFrom')}</dt>
              <dd>{p.user.lastLoginIp ?? '—'}</dd>
              <dt>{t('staffConsent')}</dt>
              <dd>
                {consent
                  ? t('staffConsentUntil', { date: format.dateTime(consent.expiresAt, { dateStyle: 'medium' }) })
                  : t('staffConsentNone')}
              </dd>
            </dl>
            <Link className={styles.more} href="/settings/account/security">
              {t('manageSecurity')}
            </Link>
          </Card>
        </div>
      </PageBody>
    </Page>
  )
}
