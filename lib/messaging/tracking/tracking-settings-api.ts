// /api/tracking-settings as the reference has it: one "tracking-setting" resource per account,
// its id the account's public id (Company.publicApiKey), attributes in the vendor's names, and
// the PATCH body (every attribute optional; null leaves utm_source/utm_medium as they are and
// clears the other parameters, as the reference marks them nullable).
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { apiLink, pickFields } from '@/lib/api/json-api'
import { apiNotFound } from '@/lib/api/api-error'
import {
  customParams,
  paramSetting,
  UTM_PARAMS,
  type ParamSetting,
  type UtmParamName,
  type UtmSettings,
  type UtmSettingsPatch,
} from './utm-settings'

export const TRACKING_SETTING_FIELDS = ['auto_add_parameters', ...UTM_PARAMS, 'custom_parameters'] as const

export function serializeTrackingSetting(
  url: URL,
  accountId: string,
  s: UtmSettings,
  fields: Set<string> | null = null,
) {
  const attributes: Record<string, unknown> = { auto_add_parameters: s.autoAddParameters }
  for (const name of UTM_PARAMS) attributes[name] = s.params[name]
  attributes.custom_parameters = s.custom.map((c) => ({ name: c.name, flow: c.flow, campaign: c.campaign }))
  return {
    type: 'tracking-setting' as const,
    id: accountId,
    attributes: pickFields(attributes, fields),
    links: { self: apiLink(url, `/tracking-settings/${accountId}/`) },
  }
}

export const updateTrackingSettingBody = z.object({
  data: z.object({
    type: z.literal('tracking-setting'),
    id: z.string().min(1),
    attributes: z.object({
      auto_add_parameters: z.boolean().nullable().optional(),
      utm_source: paramSetting.nullable().optional(),
      utm_medium: paramSetting.nullable().optional(),
      utm_campaign: paramSetting.nullable().optional(),
      utm_id: paramSetting.nullable().optional(),
      utm_term: paramSetting.nullable().optional(),
      custom_parameters: customParams.nullable().optional(),
    }),
  }),
})
type Attrs = z.infer<typeof updateTrackingSettingBody>['data']['attributes']

export function patchFromApi(a: Attrs): UtmSettingsPatch {
  const params: Partial<Record<UtmParamName, ParamSetting | null>> = {}
  for (const name of UTM_PARAMS) {
    const v = a[name]
    if (v === undefined) continue
    if (v === null && (name === 'utm_source' || name === 'utm_medium')) continue
    params[name] = v
  }
  return {
    ...(typeof a.auto_add_parameters === 'boolean' ? { autoAddParameters: a.auto_add_parameters } : {}),
    params,
    ...(a.custom_parameters !== undefined ? { custom: a.custom_parameters ?? [] } : {}),
  }
}

/** The company's account id, and a 404 for any other id (another company's included). */
export async function accountIdOr404(companyId: number, id?: string): Promise<string> {
  const c = await db.company.findUnique({ where: { id: companyId }, select: { publicApiKey: true } })
  if (!c || (id !== undefined && id !== c.publicApiKey))
    throw apiNotFound(`A tracking setting with id ${id} was not found.`)
  return c.publicApiKey
}
