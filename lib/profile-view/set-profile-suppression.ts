// Manual suppression from the profile page. Unsuppressing clears only manual suppressions, as
// the vendor does: unsubscribes, bounces and spam complaints stay until the person resubscribes.
import { badRequest, notFound } from '@/lib/errors/app-error'
import { clearSuppressions, suppress } from '@/lib/profiles/consent'
import { findCompanyProfile, getProfileDetail } from './get-profile-detail'
import type { ProfileDetail, SuppressionChannel } from './profile-detail-types'

export async function setProfileSuppression(
  companyId: number,
  profileId: string,
  channel: SuppressionChannel,
  suppressed: boolean,
): Promise<ProfileDetail> {
  const profile = await findCompanyProfile(companyId, profileId)
  if (!profile) throw notFound('Profile not found.')
  if (suppressed) {
    const address = channel === 'email' ? profile.email : profile.phoneNumber
    if (!address) {
      throw badRequest('Please correct the highlighted fields.', {
        channel: [channel === 'email' ? 'This profile has no email address.' : 'This profile has no phone number.'],
      })
    }
    await suppress(companyId, profileId, channel, 'manual')
  } else {
    await clearSuppressions(companyId, profileId, channel, ['manual'])
  }
  return (await getProfileDetail(companyId, profileId))!
}
