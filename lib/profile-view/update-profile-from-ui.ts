// The profile page's edit: identity fields and custom properties through the core upsert
// (mode 'update'), so validation, identity rules and segment re-evaluation are the API's own.
import { readBody } from '@/lib/http/ajax'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import type { ProfileInput } from '@/lib/profiles/types'
import { findCompanyProfile, getProfileDetail } from './get-profile-detail'
import { normalizeUpdateBody, updateProfileBody, type UpdateProfileBody } from './profile-params'
import type { ProfileDetail } from './profile-detail-types'

export async function readUpdateProfileBody(req: Request): Promise<UpdateProfileBody> {
  // Read as sent (custom property names must not be camelCased), size- and depth-checked.
  return updateProfileBody.parse(normalizeUpdateBody(await readBody(req)))
}

export async function updateProfileFromUi(
  companyId: number,
  id: string,
  body: UpdateProfileBody,
): Promise<ProfileDetail | null> {
  if (!(await findCompanyProfile(companyId, id))) return null
  const { unsetProperties, ...fields } = body
  const input: ProfileInput = {}
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) (input as Record<string, unknown>)[k] = v
  await upsertProfile(companyId, input, {
    mode: 'update',
    id,
    source: 'ui',
    ...(unsetProperties?.length ? { patchProperties: { unset: unsetProperties } } : {}),
  })
  return getProfileDetail(companyId, id)
}
