'use client'
// The top bar: logo, current company with the account switcher, the staff-access badge, and the
// user menu. HeaderData is what the server layout passes down (from the principal).
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import { http } from '@/lib/client/http'
import { sessionStore } from '@/lib/client/session-store'
import { Avatar } from '@/components/ui/avatar'
import { Badge } from '@/components/ui/badge'
import { ChevronDownIcon, CloseIcon, MenuIcon, ShieldIcon } from '@/components/ui/icons'
import { usePopover } from '@/components/ui/use-popover'
import pop from '@/components/ui/popover.module.css'
import { AccountSwitcher } from './account-switcher'
import { Logo } from './logo'
import styles from './header.module.css'

export interface HeaderData {
  companyId: number
  companyName: string
  userName: string
  userEmail: string
  photoUrl: string | null
  role: string
  isStaff: boolean
  staffAccess: boolean
  companies: { id: number; name: string; avatarColor: string }[]
}

export interface HeaderProps {
  data: HeaderData
  /** Shown under 800px when there is a sidebar to open. */
  onToggleNavigation?: () => void
  navigationOpen?: boolean
}

export const LOGOUT_URL = '/ajax/logout'

function UserMenu({ data }: { data: HeaderData }) {
  const t = useTranslations('header')
  const { open, toggle, rootRef, triggerRef } = usePopover()

  async function signOut() {
    try {
      await http.post(LOGOUT_URL)
    } catch {
      // The session may already be gone; the login page is the right place either way.
    }
    // Tell the other tabs now, not when /login loads.
    sessionStore.markLoggedOut()
    // A full load on purpose: it drops every client cache of the signed-in user.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign('/login')
  }

  return (
    <div ref={rootRef} className={pop.root}>
      <button
        ref={triggerRef}
        type="button"
        className={pop.trigger}
        aria-expanded={open}
        aria-haspopup="true"
        aria-label={t('userMenu', { name: data.userName })}
        onClick={toggle}
        data-testid="user-menu"
      >
        <Avatar name={data.userName} photoUrl={data.photoUrl} size="small" />
        <span className={`${pop.triggerText} ${styles.userName}`}>{data.userName}</span>
        <ChevronDownIcon className={pop.chevron} />
      </button>
      {open && (
        <div className={`${pop.panel} ${pop.alignRight}`}>
          <div className={`${pop.section} ${styles.identity}`}>
            <Avatar name={data.userName} photoUrl={data.photoUrl} size="medium" />
            <div className={styles.identityText}>
              <p className={pop.strong}>{data.userName}</p>
              <p className={pop.muted}>{data.userEmail}</p>
            </div>
          </div>
          <div className={pop.divider} />
          <ul className={pop.list}>
            <li>
              <Link className={pop.item} href="/settings/account/personal">
                {t('personalSettings')}
              </Link>
            </li>
            <li>
              <Link className={pop.item} href="/settings/account/security">
                {t('security')}
              </Link>
            </li>
            <li>
              <Link className={pop.item} href="/support">
                {t('support')}
              </Link>
            </li>
          </ul>
          <div className={pop.divider} />
          <button type="button" className={pop.item} onClick={signOut} data-testid="sign-out">
            {t('signOut')}
          </button>
        </div>
      )}
    </div>
  )
}

export function Header({ data, onToggleNavigation, navigationOpen = false }: HeaderProps) {
  const t = useTranslations('header')
  return (
    <header className={styles.header} data-testid="app-header">
      <div className={styles.start}>
        {onToggleNavigation && (
          <button
            type="button"
            className={styles.menuButton}
            onClick={onToggleNavigation}
            aria-expanded={navigationOpen}
            aria-controls="app-sidebar"
            aria-label={navigationOpen ? t('closeNavigation') : t('openNavigation')}
          >
            {navigationOpen ? <CloseIcon size={20} /> : <MenuIcon size={20} />}
          </button>
        )}
        <Logo href="/dashboard" compact />
        <span className={styles.divider} aria-hidden="true" />
        <AccountSwitcher data={data} />
        {data.staffAccess && (
          <span className={styles.staff} data-testid="staff-access-badge">
            <Badge variant="warning">
              <ShieldIcon size={12} />
              {t('staffAccess', { company: data.companyName })}
            </Badge>
          </span>
        )}
      </div>
      <div className={styles.end}>
        <UserMenu data={data} />
      </div>
    </header>
  )
}
