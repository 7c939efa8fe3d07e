// The company's UTM settings (TrackingSettings): whether parameters are added to campaign and
// flow links by default, the five utm_* parameters and custom ones, each with a value for
// campaigns and one for flows, static text or one of the vendor's dynamic values
// (reference: tracking-settings, TrackingParamDTO). Read by the settings screen, /ajax/account/utm,
// /api/tracking-settings and, at send time, the link decorator (decorate-email.ts).
import { z } from 'zod'
import { db } from '@/lib/db/client'
import {
  CAMPAIGN_DYNAMIC_VALUES,
  defaultUtmSettings,
  FLOW_DYNAMIC_VALUES,
  MAX_CUSTOM_PARAMS,
  UTM_PARAMS,
  type CustomParam,
  type ParamSetting,
  type ParamValue,
  type UtmParamName,
  type UtmSettings,
} from './utm-constants'

export {
  CAMPAIGN_DYNAMIC_VALUES,
  defaultUtmSettings,
  FLOW_DYNAMIC_VALUES,
  MAX_CUSTOM_PARAMS,
  UTM_PARAMS,
  type CustomParam,
  type DynamicValue,
  type ParamSetting,
  type ParamValue,
  type UtmParamName,
  type UtmSettings,
} from './utm-constants'

const staticValue = z.object({
  type: z.literal('static'),
  value: z.string().trim().min(1, 'Enter a value.').max(255, 'A value has at most 255 characters.'),
})
const campaignValue = z
  .discriminatedUnion('type', [
    staticValue,
    z.object({
      type: z.literal('dynamic'),
      value: z.enum(CAMPAIGN_DYNAMIC_VALUES, { message: 'Not a dynamic value for campaigns.' }),
    }),
  ])
  .nullable()
const flowValue = z
  .discriminatedUnion('type', [
    staticValue,
    z.object({
      type: z.literal('dynamic'),
      value: z.enum(FLOW_DYNAMIC_VALUES, { message: 'Not a dynamic value for flows.' }),
    }),
  ])
  .nullable()

export const paramSetting = z
  .object({ campaign: campaignValue.optional(), flow: flowValue.optional() })
  .transform((p): ParamSetting => ({
    campaign: (p.campaign ?? null) as ParamValue | null,
    flow: (p.flow ?? null) as ParamValue | null,
  }))

const CUSTOM_NAME = /^[A-Za-z0-9_.~-]{1,64}$/
export const customParam = z
  .object({
    name: z
      .string()
      .trim()
      .regex(CUSTOM_NAME, 'Use 1–64 letters, digits, "_", "-", "." or "~".')
      .refine(
        (n) => !(UTM_PARAMS as readonly string[]).includes(n.toLowerCase()),
        'Set this parameter in its own field.',
      ),
    campaign: campaignValue.optional(),
    flow: flowValue.optional(),
  })
  .transform((p): CustomParam => ({
    name: p.name,
    campaign: (p.campaign ?? null) as ParamValue | null,
    flow: (p.flow ?? null) as ParamValue | null,
  }))

export const customParams = z
  .array(customParam)
  .max(MAX_CUSTOM_PARAMS, `At most ${MAX_CUSTOM_PARAMS} custom parameters.`)
  .superRefine((list, ctx) => {
    const seen = new Set<string>()
    list.forEach((p, i) => {
      if (seen.has(p.name))
        ctx.addIssue({ code: 'custom', path: [i, 'name'], message: 'This parameter is already in the list.' })
      seen.add(p.name)
    })
  })

function parseJson(text: string | null | undefined): unknown {
  try {
    return text ? JSON.parse(text) : null
  } catch {
    return null
  }
}

/** Stored settings, each part checked again (a bad stored part falls back to its default). */
export function settingsFromRow(
  row: { autoAddParameters: boolean; utmParams: string; customParams: string } | null,
): UtmSettings {
  const out = defaultUtmSettings()
  if (!row) return out
  out.autoAddParameters = row.autoAddParameters
  const stored = parseJson(row.utmParams)
  if (stored && typeof stored === 'object') {
    for (const name of UTM_PARAMS) {
      if (!(name in stored)) continue
      const v = (stored as Record<string, unknown>)[name]
      const parsed = v === null ? { success: true as const, data: null } : paramSetting.safeParse(v)
      if (parsed.success) out.params[name] = parsed.data
    }
  }
  const custom = customParams.safeParse(parseJson(row.customParams) ?? [])
  if (custom.success) out.custom = custom.data
  return out
}

export async function getUtmSettings(companyId: number): Promise<UtmSettings> {
  return settingsFromRow(await db.trackingSettings.findUnique({ where: { companyId } }))
}

/** A change: every given part replaces the stored one (null clears an optional parameter). */
export interface UtmSettingsPatch {
  autoAddParameters?: boolean
  params?: Partial<Record<UtmParamName, ParamSetting | null>>
  custom?: CustomParam[]
}

export async function updateUtmSettings(companyId: number, patch: UtmSettingsPatch): Promise<UtmSettings> {
  const current = await getUtmSettings(companyId)
  const next: UtmSettings = {
    autoAddParameters: patch.autoAddParameters ?? current.autoAddParameters,
    params: { ...current.params, ...patch.params },
    custom: patch.custom ?? current.custom,
  }
  const data = {
    autoAddParameters: next.autoAddParameters,
    utmParams: JSON.stringify(next.params),
    customParams: JSON.stringify(next.custom),
  }
  await db.trackingSettings.upsert({ where: { companyId }, create: { companyId, ...data }, update: data })
  clearUtmSettingsCache(companyId)
  return next
}

// The send-time cache: the worker reads the settings for every message.
export const UTM_CACHE_TTL_MS = 5_000
const g = globalThis as unknown as { __utmSettingsCache?: Map<number, { at: number; value: Promise<UtmSettings> }> }
const cache = () => (g.__utmSettingsCache ??= new Map())

export function cachedUtmSettings(companyId: number, now = Date.now()): Promise<UtmSettings> {
  const hit = cache().get(companyId)
  if (hit && now - hit.at < UTM_CACHE_TTL_MS) return hit.value
  const value = getUtmSettings(companyId)
  cache().set(companyId, { at: now, value })
  value.catch(() => cache().delete(companyId))
  return value
}

export function clearUtmSettingsCache(companyId?: number): void {
  if (companyId === undefined) cache().clear()
  else cache().delete(companyId)
}
