'use client'
// The role picker of the invite and change-role dialogs: only the roles the viewer may give,
// each with its one-line description.
import { useTranslations } from 'next-intl'
import { Select } from '@/components/ui/select'
import styles from './account-users.module.css'

export function RoleSelect({
  roles,
  value,
  onChange,
  error,
}: {
  roles: string[]
  value: string
  onChange: (role: string) => void
  error?: string
}) {
  const t = useTranslations('accountUsers')
  const label = (r: string) => (t.has(`roles.${r}`) ? t(`roles.${r}`) : r)
  return (
    <div className={styles.stack}>
      <Select
        label={t('roleLabel')}
        name="role"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={error}
        options={roles.map((r) => ({ value: r, label: label(r) }))}
        data-testid="role-select"
      />
      {value && t.has(`roleDescriptions.${value}`) && (
        <p className={styles.roleHelp}>{t(`roleDescriptions.${value}`)}</p>
      )}
    </div>
  )
}
