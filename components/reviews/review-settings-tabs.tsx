'use client'
// The tabs of the reviews settings: general (moderation) and widgets (styles, syndication feed).
import Link from 'next/link'
import { useTranslations } from 'next-intl'
import ops from '@/components/deliverability/ops.module.css'

export const SETTINGS_SECTIONS = ['general', 'widgets'] as const
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]

export function ReviewSettingsTabs({ current }: { current: SettingsSection }) {
  const t = useTranslations('reviews')
  return (
    <nav className={ops.tabs} aria-label={t('settings.title')}>
      {SETTINGS_SECTIONS.map((s) => (
        <Link key={s} href={`/reviews/settings/${s}`} aria-current={s === current ? 'page' : undefined}>
          {t(`settings.section.${s}`)}
        </Link>
      ))}
    </nav>
  )
}
