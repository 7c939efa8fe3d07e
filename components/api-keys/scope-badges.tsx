'use client'
// A key's scopes as short badges: "Profiles: write" stands for read and write of a family.
import { useTranslations } from 'next-intl'
import { Badge } from '@/components/ui/badge'
import styles from './api-keys-screen.module.css'

export function ScopeBadges({ scopes }: { scopes: string[] }) {
  const t = useTranslations('apiKeys')
  const byFamily = new Map<string, 'read' | 'write'>()
  for (const s of scopes) {
    const [family, level] = s.split(':') as [string, 'read' | 'write']
    if (level === 'write' || !byFamily.has(family)) byFamily.set(family, level)
  }
  return (
    <span className={styles.badges}>
      {[...byFamily].map(([family, level]) => (
        <Badge key={family} variant={level === 'write' ? 'warning' : 'neutral'}>
          {t('scopeLabel', {
            family: t.has(`families.${family}`) ? t(`families.${family}`) : family,
            level: t(level === 'write' ? 'levelWrite' : 'levelRead'),
          })}
        </Badge>
      ))}
    </span>
  )
}
