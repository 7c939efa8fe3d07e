// /configure-mfa, /configure-mfa-steps and /mfa-enablement-steps: turning on two-factor sign-in.
import { getTranslations } from 'next-intl/server'
import { ShieldIcon } from '@/components/ui/icons'
import { safeNextPath } from '@/lib/routes/access'
import { AuthCard } from './auth-card'
import { MfaSetupFlow } from './mfa-setup-flow'

export async function MfaSetupScreen({ next, required }: { next: string | null; required: boolean }) {
  const t = await getTranslations('mfa')
  return (
    <AuthCard
      icon={<ShieldIcon size={24} />}
      title={t('setupTitle')}
      subtitle={required ? t('requiredByAccount') : undefined}
    >
      <MfaSetupFlow nextPath={next ? safeNextPath(next) : '/settings/account/security'} />
    </AuthCard>
  )
}
