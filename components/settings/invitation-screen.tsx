// /account/create-password/{uid}/{token}: the invitation link. Someone new sets their name and
// password; someone with a login joins with it (or at once when already signed in as them).
import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { describeInvitation } from '@/lib/account/accept-invitation'
import { getCurrentPrincipal } from '@/lib/server/current-principal'
import { AuthCard } from '@/components/auth/auth-card'
import { CloseIcon, MailIcon } from '@/components/ui/icons'
import { InvitationForm } from './invitation-form'
import authStyles from '@/components/auth/auth.module.css'

export async function InvitationScreen({ uid, token }: { uid: string; token: string }) {
  const t = await getTranslations('invitation')
  const tr = await getTranslations('accountUsers')
  const invitation = await describeInvitation(uid, token)
  if (!invitation) {
    return (
      <AuthCard
        icon={<CloseIcon size={24} />}
        iconTone="danger"
        title={t('invalidTitle')}
        subtitle={t('invalidBody')}
        footer={
          <Link className={authStyles.link} href="/login">
            {t('signIn')}
          </Link>
        }
      />
    )
  }
  const principal = await getCurrentPrincipal()
  const role = tr.has(`roles.${invitation.role}`) ? tr(`roles.${invitation.role}`) : invitation.role
  const subtitle = invitation.inviterName
    ? t('subtitleBy', { inviter: invitation.inviterName, company: invitation.companyName, role })
    : t('subtitle', { company: invitation.companyName, role })
  const mode = !invitation.existingUserId
    ? 'new'
    : principal && principal.user.email === invitation.email
      ? 'signed-in'
      : principal
        ? 'other-user'
        : 'existing'
  return (
    <AuthCard icon={<MailIcon size={24} />} title={t('title')} subtitle={subtitle}>
      <InvitationForm
        uid={uid}
        token={token}
        email={invitation.email}
        mode={mode}
        signedInAs={principal?.user.email ?? null}
      />
    </AuthCard>
  )
}
