'use client'
// Main navigation (seed 000 §2 ids and children): only the items the server built for this user.
// The active parent is expanded; other parents can be opened with their toggle.
import { useState, type ComponentType } from 'react'
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import type { NavItem } from '@/lib/routes/nav'
import {
  BriefcaseIcon,
  ChartIcon,
  ChevronDownIcon,
  ChevronRightIcon,
  DotIcon,
  FlowIcon,
  FormIcon,
  HomeIcon,
  LayersIcon,
  MailIcon,
  SettingsIcon,
  UsersIcon,
} from '@/components/ui/icons'
import styles from './sidebar.module.css'

const ICONS: Record<string, ComponentType<{ size?: number; className?: string }>> = {
  home: HomeIcon,
  campaigns: MailIcon,
  flows: FlowIcon,
  forms: FormIcon,
  audience: UsersIcon,
  content: LayersIcon,
  analytics: ChartIcon,
  'manage-portfolio': BriefcaseIcon,
  settings: SettingsIcon,
}

function isWithin(item: NavItem): boolean {
  return item.active || item.children.some(isWithin)
}

function NavEntry({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const t = useTranslations('nav')
  const th = useTranslations('header')
  const within = isWithin(item)
  const [expanded, setExpanded] = useState(within)
  const Icon = ICONS[item.id] ?? DotIcon
  const hasChildren = item.children.length > 0
  const open = hasChildren && (expanded || within)
  const label = t(item.labelKey)
  // The parent is "current" only when no child is: aria-current marks one link.
  const current = item.active && !item.children.some(isWithin)

  return (
    <li className={styles.entry}>
      <div className={`${styles.row} ${within ? styles.rowActive : ''}`}>
        <Link
          href={item.url}
          className={styles.link}
          aria-current={current ? 'page' : undefined}
          onClick={onNavigate}
          data-nav-id={item.id}
        >
          <Icon size={18} className={styles.icon} />
          <span className={styles.label}>{label}</span>
        </Link>
        {hasChildren && (
          <button
            type="button"
            className={styles.toggle}
            aria-expanded={open}
            aria-controls={`nav-children-${item.id}`}
            aria-label={th('toggleSection', { section: label })}
            onClick={() => setExpanded(!open)}
            disabled={within}
          >
            {open ? <ChevronDownIcon size={16} /> : <ChevronRightIcon size={16} />}
          </button>
        )}
      </div>
      {open && (
        <ul id={`nav-children-${item.id}`} className={styles.children} role="list">
          {item.children.map((child) => (
            <li key={child.id}>
              <Link
                href={child.url}
                className={styles.childLink}
                aria-current={child.active ? 'page' : undefined}
                onClick={onNavigate}
                data-nav-id={child.id}
              >
                {t(child.labelKey)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </li>
  )
}

export interface SidebarProps {
  items: NavItem[]
  /** The settings section (lib/routes/settings-nav.ts), below the main navigation. */
  settings?: NavItem | null
  /** Under 800px the sidebar is off-canvas; open slides it in. */
  open?: boolean
  onNavigate?: () => void
}

export function Sidebar({ items, settings, open = false, onNavigate }: SidebarProps) {
  const t = useTranslations('header')
  return (
    <aside id="app-sidebar" className={`${styles.sidebar} ${open ? styles.open : ''}`} data-testid="app-sidebar">
      <nav aria-label={t('primaryNav')}>
        <ul className={styles.list} role="list">
          {items.map((item) => (
            <NavEntry key={item.id} item={item} onNavigate={onNavigate} />
          ))}
        </ul>
        {settings && (
          <ul className={`${styles.list} ${styles.secondary}`} role="list" aria-label={t('settingsNav')}>
            <NavEntry item={settings} onNavigate={onNavigate} />
          </ul>
        )}
      </nav>
    </aside>
  )
}
