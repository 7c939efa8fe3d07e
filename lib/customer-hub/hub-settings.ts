// A company's customer hub settings (one HubSettings row, defaults until the merchant saves).
// The JSON columns are parsed through the same zod schemas the settings form is validated with,
// so a hand-edited row can never reach a page half-formed.
import { z } from 'zod'
import { db } from '@/lib/db/client'

const text = (max: number) => z.string().trim().max(max)
export const HUB_FONTS = ['system', 'serif', 'rounded', 'mono'] as const
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #1a2b3c.')

export const hubContent = z.object({
  headline: text(120).default('Your account'),
  intro: text(1000).default(''),
  blocks: z
    .array(z.object({ title: text(120).min(1), body: text(2000) }))
    .max(20)
    .default([]),
})
export const hubDesign = z.object({
  primaryColor: color.default('#1a1a1a'),
  backgroundColor: color.default('#ffffff'),
  logoUrl: z.string().url().max(2000).startsWith('https://').nullable().default(null),
  font: z.enum(HUB_FONTS).default('system'),
})
// Which account features the shopper page shows (onboarding's account-settings step).
export const hubFeatures = z.object({
  orders: z.boolean().default(true),
  returns: z.boolean().default(true),
  recentlyViewed: z.boolean().default(true),
  faq: z.boolean().default(true),
  support: z.boolean().default(true),
})
export const hubWebchat = z.object({
  greeting: text(300).min(1).default('Hi! How can we help?'),
  hours: text(200).default(''),
})
export const hubExtensions = z.object({
  reorder: z.boolean().default(true),
  wishlist: z.boolean().default(false),
  recommendations: z.boolean().default(false),
})
export const hubReturnRules = z.object({
  requireReason: z.boolean().default(true),
  excludedSkus: z.array(text(100).min(1)).max(500).default([]),
  note: text(1000).default(''),
})
export const hubFaq = z.array(z.object({ question: text(300).min(1), answer: text(4000).min(1) })).max(100)

/** The merchant's settings form (POST /ajax/customer-hub/settings): every field optional, a partial save. */
export const hubSettingsBody = z
  .object({
    enabled: z.boolean(),
    content: hubContent,
    design: hubDesign,
    returnWindowDays: z.number().int().min(0).max(365),
    returnRules: hubReturnRules,
    supportEmail: z.string().trim().email().max(254).nullable(),
    faq: hubFaq,
    webchatEnabled: z.boolean(),
    buttonEnabled: z.boolean(),
    features: hubFeatures,
    webchat: hubWebchat,
    extensions: hubExtensions,
  })
  .partial()
  .strict()
export type HubSettingsBody = z.infer<typeof hubSettingsBody>

function parseJson<T>(raw: string, schema: z.ZodType<T>, fallback: T): T {
  try {
    const r = schema.safeParse(JSON.parse(raw))
    return r.success ? r.data : fallback
  } catch {
    return fallback
  }
}

// Features, webchat and extensions live in the content JSON column beside the page text (no schema
// change); each is parsed on its own so a bad one falls back alone.
type Extras = {
  features: z.infer<typeof hubFeatures>
  webchat: z.infer<typeof hubWebchat>
  extensions: z.infer<typeof hubExtensions>
}

function contentExtras(raw: string): Extras {
  let obj: Record<string, unknown> = {}
  try {
    obj = JSON.parse(raw) ?? {}
  } catch {}
  return {
    features: parseJson(JSON.stringify(obj.features ?? {}), hubFeatures, hubFeatures.parse({})),
    webchat: parseJson(JSON.stringify(obj.webchat ?? {}), hubWebchat, hubWebchat.parse({})),
    extensions: parseJson(JSON.stringify(obj.extensions ?? {}), hubExtensions, hubExtensions.parse({})),
  }
}

export async function getHubSettings(companyId: number) {
  const row = await db.hubSettings.findUnique({ where: { companyId } })
  return {
    enabled: row?.enabled ?? false,
    content: parseJson(row?.content ?? '{}', hubContent, hubContent.parse({})),
    ...contentExtras(row?.content ?? '{}'),
    design: parseJson(row?.design ?? '{}', hubDesign, hubDesign.parse({})),
    returnWindowDays: row?.returnWindowDays ?? 30,
    returnRules: parseJson(row?.returnRules ?? '{}', hubReturnRules, hubReturnRules.parse({})),
    supportEmail: row?.supportEmail ?? null,
    faq: parseJson(row?.faq ?? '[]', hubFaq, []),
    webchatEnabled: row?.webchatEnabled ?? false,
    buttonEnabled: row?.buttonEnabled ?? false,
    completedTasks: parseJson(row?.completedTasks ?? '[]', z.array(z.string()), []),
  }
}
export type HubSettingsView = Awaited<ReturnType<typeof getHubSettings>>

export async function saveHubSettings(companyId: number, body: HubSettingsBody): Promise<HubSettingsView> {
  const { features, webchat, extensions } = body
  const touchesContent = body.content || features || webchat || extensions
  // Saving one part of the content column keeps the others as they were.
  const current = touchesContent ? await getHubSettings(companyId) : null
  const content = current && {
    ...current.content,
    features: current.features,
    webchat: current.webchat,
    extensions: current.extensions,
    ...body.content,
    ...(features && { features }),
    ...(webchat && { webchat }),
    ...(extensions && { extensions }),
  }
  const data = {
    ...(body.enabled !== undefined && { enabled: body.enabled }),
    ...(content && { content: JSON.stringify(content) }),
    ...(body.design && { design: JSON.stringify(body.design) }),
    ...(body.returnWindowDays !== undefined && { returnWindowDays: body.returnWindowDays }),
    ...(body.returnRules && { returnRules: JSON.stringify(body.returnRules) }),
    ...(body.supportEmail !== undefined && { supportEmail: body.supportEmail }),
    ...(body.faq && { faq: JSON.stringify(body.faq) }),
    ...(body.webchatEnabled !== undefined && { webchatEnabled: body.webchatEnabled }),
    ...(body.buttonEnabled !== undefined && { buttonEnabled: body.buttonEnabled }),
  }
  await db.hubSettings.upsert({ where: { companyId }, create: { companyId, ...data }, update: data })
  return getHubSettings(companyId)
}
