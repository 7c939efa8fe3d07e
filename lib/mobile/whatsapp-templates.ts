// WhatsApp message templates (/templates/whatsapp, /whatsapp-template-editor/preview,
// /whatsapp/{id}/preview): written here with their {{1}}…{{n}} variables and an example value
// each, submitted to Meta for review through the Cloud API, and their review status tracked
// (PENDING → APPROVED | REJECTED) by polling, or by the message_template_status_update webhook
// (lib/messaging/whatsapp/template-status*.ts, which also make an approved one sendable).
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { AppError, badRequest, notFound } from '@/lib/errors/app-error'
import { ulid } from '@/lib/ids/make-id'
import { openSecret } from '@/lib/crypto/secret-box'
import { WA_TOKEN_PURPOSE } from '@/lib/messaging/whatsapp/whatsapp-settings'
import { fetchTemplateStatus, submitTemplate, type TemplateAccount } from '@/lib/messaging/whatsapp/template-client'
import { setTemplateStatus, variablesOf } from '@/lib/messaging/whatsapp/template-status'

export const TEMPLATE_STATUSES = ['DRAFT', 'PENDING', 'APPROVED', 'REJECTED'] as const
export const TEMPLATE_CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const

export const saveTemplateBody = z
  .object({
    name: z
      .string('Enter a name.')
      .trim()
      .regex(/^[a-z0-9_]{1,512}$/, 'Use lowercase letters, digits and underscores, as WhatsApp requires.'),
    language: z
      .string('Choose a language.')
      .trim()
      .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'Use a WhatsApp language code such as en or en_US.'),
    category: z.enum(TEMPLATE_CATEGORIES, 'The category must be MARKETING, UTILITY or AUTHENTICATION.'),
    body: z.string('Enter the message.').trim().min(1, 'Enter the message.').max(1024, 'Use at most 1,024 characters.'),
    examples: z.array(z.string().trim().min(1, 'Enter an example value.').max(200)).max(20).default([]),
  })
  .superRefine((v, ctx) => {
    const vars = variablesOf(v.body).sort((a, b) => a - b)
    // WhatsApp numbers the variables 1, 2, 3 … with no gaps
    if (vars.some((n, i) => n !== i + 1))
      ctx.addIssue({ code: 'custom', path: ['body'], message: 'Number the variables {{1}}, {{2}} … without gaps.' })
    else if (v.examples.length !== vars.length)
      ctx.addIssue({
        code: 'custom',
        path: ['examples'],
        message: `Give one example value per variable (${vars.length}).`,
      })
  })
export type SaveTemplateInput = z.infer<typeof saveTemplateBody>

type Row = NonNullable<Awaited<ReturnType<typeof db.whatsAppMessageTemplate.findFirst>>>
const parseList = (s: string) => {
  try {
    const v = JSON.parse(s) as unknown
    return Array.isArray(v) ? v.map(String) : []
  } catch {
    return []
  }
}
const view = (r: Row) => ({
  id: r.id,
  name: r.name,
  language: r.language,
  category: r.category,
  body: r.body,
  examples: parseList(r.examples),
  variables: variablesOf(r.body).length,
  status: r.status as (typeof TEMPLATE_STATUSES)[number],
  vendorId: r.vendorId,
  rejectedReason: r.rejectedReason,
  submittedAt: r.submittedAt?.toISOString() ?? null,
  updatedAt: r.updatedAt.toISOString(),
})
export type WhatsAppTemplateView = ReturnType<typeof view>

export async function listTemplates(companyId: number) {
  const rows = await db.whatsAppMessageTemplate.findMany({ where: { companyId }, orderBy: { updatedAt: 'desc' } })
  return rows.map(view)
}

async function row(companyId: number, id: string): Promise<Row> {
  const r = await db.whatsAppMessageTemplate.findFirst({ where: { companyId, id } })
  if (!r) throw notFound('This WhatsApp template does not exist.')
  return r
}

export const getTemplate = async (companyId: number, id: string) => view(await row(companyId, id))

export async function createTemplate(companyId: number, input: SaveTemplateInput) {
  const taken = await db.whatsAppMessageTemplate.findFirst({
    where: { companyId, name: input.name, language: input.language },
  })
  if (taken)
    throw badRequest('Please correct the highlighted fields.', {
      name: ['A template with this name and language exists.'],
    })
  const r = await db.whatsAppMessageTemplate.create({
    data: { id: ulid(), companyId, ...input, examples: JSON.stringify(input.examples) },
  })
  return view(r)
}

async function templateAccount(companyId: number): Promise<TemplateAccount> {
  const s = await db.whatsAppSettings.findUnique({ where: { companyId } })
  const accessToken = openSecret(s?.accessTokenSealed, WA_TOKEN_PURPOSE)
  if (!s || !accessToken || !s.businessAccountId)
    throw badRequest('Save the WhatsApp settings (access token and business account id) first.')
  return { baseUrl: s.baseUrl, accessToken, businessAccountId: s.businessAccountId }
}

/** Sends a draft (or a rejected template, after changes) to Meta for review. */
export async function submitForApproval(companyId: number, id: string, now = new Date()) {
  const r = await row(companyId, id)
  if (r.status === 'PENDING' || r.status === 'APPROVED')
    throw badRequest(`This template is already ${r.status === 'PENDING' ? 'in review' : 'approved'}.`)
  const res = await submitTemplate(await templateAccount(companyId), {
    name: r.name,
    language: r.language,
    category: r.category,
    body: r.body,
    examples: parseList(r.examples),
  })
  if (res.kind === 'error') throw new AppError('provider_refused', 502, res.message)
  await db.whatsAppMessageTemplate.updateMany({
    where: { companyId, id },
    data: { vendorId: res.id, submittedAt: now, rejectedReason: null },
  })
  return applyStatus(companyId, id, res.status, res.rejectedReason)
}

/** Asks Meta for the review status of a submitted template (the screen polls this while PENDING). */
export async function refreshTemplateStatus(companyId: number, id: string) {
  const r = await row(companyId, id)
  if (!r.vendorId) return view(r)
  const res = await fetchTemplateStatus(await templateAccount(companyId), r.vendorId)
  if (res.kind === 'error') throw new AppError('provider_refused', 502, res.message)
  return applyStatus(companyId, id, res.status, res.rejectedReason)
}

async function applyStatus(companyId: number, id: string, vendorStatus: string, reason: string | null) {
  await setTemplateStatus(companyId, id, vendorStatus, reason)
  return view(await row(companyId, id))
}
