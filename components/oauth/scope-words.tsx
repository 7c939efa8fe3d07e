'use client'
// Scopes in words for people who are not developers: one line per data family, write implying read.
import { useTranslations } from 'next-intl'

export function scopeFamilies(scopes: readonly string[]): Array<{ family: string; write: boolean }> {
  const byFamily = new Map<string, boolean>()
  for (const s of scopes) {
    const [family, level] = s.split(':')
    if (!family) continue
    byFamily.set(family, (byFamily.get(family) ?? false) || level === 'write')
  }
  return [...byFamily].map(([family, write]) => ({ family, write })).sort((a, b) => a.family.localeCompare(b.family))
}

export function ScopeWords({ scopes }: { scopes: readonly string[] }) {
  const t = useTranslations('oauthApps')
  const tk = useTranslations('apiKeys')
  return (
    <ul data-testid="scope-words">
      {scopeFamilies(scopes).map(({ family, write }) => {
        const name = tk.has(`families.${family}`) ? tk(`families.${family}`) : family
        return <li key={family}>{write ? t('scopeWrite', { family: name }) : t('scopeRead', { family: name })}</li>
      })}
    </ul>
  )
}
