// The remaining flow calls of seed 002 §7.7: the company's consent set-up for the channels a flow
// sends on, the notification-action save, a flow's screenshot (a PNG under DATA_DIR), and the
// legacy custom-object list (custom objects are not part of this product: an empty list).
import fs from 'node:fs/promises'
import path from 'node:path'
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { AppError, badRequest, notFound } from '@/lib/errors/app-error'
import { dataDir } from '@/lib/templates/store/image-store'

/** Per channel: whether the company can send on it and how many profiles consent to it. */
export async function companyConsent(companyId: number) {
  const [sms, push, whatsapp, email] = await Promise.all([
    db.smsSettings.findUnique({
      where: { companyId },
      select: { accountSid: true, authTokenSealed: true, senderNumber: true, messagingServiceSid: true },
    }),
    db.pushSettings.findUnique({ where: { companyId }, select: { serviceAccountSealed: true } }),
    db.whatsAppSettings.findUnique({ where: { companyId }, select: { phoneNumberId: true, accessTokenSealed: true } }),
    db.emailSettings.findUnique({ where: { companyId } }),
  ])
  const counts = await db.profileConsent.groupBy({
    by: ['channel', 'status'],
    where: { companyId },
    _count: { _all: true },
  })
  const count = (channel: string, status: string) =>
    counts.find((c) => c.channel === channel && c.status === status)?._count._all ?? 0
  const channel = (name: string, configured: boolean) => ({
    configured,
    subscribed: count(name, 'subscribed'),
    unsubscribed: count(name, 'unsubscribed'),
    pending: count(name, 'pending'),
  })
  return {
    email: channel('email', true),
    sms: channel('sms', !!(sms?.accountSid && sms.authTokenSealed && (sms.senderNumber || sms.messagingServiceSid))),
    push: channel('push', !!push?.serviceAccountSealed),
    whatsapp: channel('whatsapp', !!(whatsapp?.phoneNumberId && whatsapp.accessTokenSealed)),
    emailSettingsSaved: !!email,
  }
}

export const notificationActionBody = z.object({
  notificationId: z.string().trim().min(1, 'notificationId is required.').max(128),
  action: z.enum(['dismiss', 'snooze', 'click', 'complete'], 'action must be dismiss, snooze, click or complete.'),
  flowId: z.string().min(1).max(64).optional(),
})

export async function saveNotificationAction(
  companyId: number,
  userId: number,
  body: z.infer<typeof notificationActionBody>,
) {
  if (body.flowId && !(await db.flow.findFirst({ where: { companyId, id: body.flowId }, select: { id: true } })))
    throw notFound(`A flow with id ${body.flowId} was not found.`)
  const row = await db.flowNotificationAction.upsert({
    where: { companyId_userId_notificationId: { companyId, userId, notificationId: body.notificationId } },
    create: {
      companyId,
      userId,
      notificationId: body.notificationId,
      action: body.action,
      flowId: body.flowId ?? null,
    },
    update: { action: body.action, flowId: body.flowId ?? null, createdAt: new Date() },
  })
  return { notificationId: row.notificationId, action: row.action, savedAt: row.createdAt.toISOString() }
}

export const MAX_SCREENSHOT_BYTES = 5 * 1024 * 1024
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

const screenshotPath = (companyId: number, flowId: string) =>
  path.join(dataDir(), 'flow-screenshots', String(companyId), `${flowId}.png`)

/** Reads a PNG body (raw image/png, or JSON/form {image: data URL or base64}) and stores it for the flow. */
export async function saveScreenshot(companyId: number, flowId: string, req: Request) {
  if (!(await db.flow.findFirst({ where: { companyId, id: flowId }, select: { id: true } })))
    throw notFound(`A flow with id ${flowId} was not found.`)
  const declared = Number(req.headers.get('content-length') ?? NaN)
  if (Number.isFinite(declared) && declared > MAX_SCREENSHOT_BYTES * 1.4)
    throw new AppError('payload_too_large', 413, 'The screenshot is larger than 5 MB.')
  const type = req.headers.get('content-type') ?? ''
  const raw = Buffer.from(await req.arrayBuffer())
  let bytes: Buffer
  if (type.startsWith('image/')) bytes = raw
  else {
    let image: unknown
    try {
      image = type.includes('json')
        ? (JSON.parse(raw.toString('utf8')) as { image?: unknown }).image
        : new URLSearchParams(raw.toString('utf8')).get('image')
    } catch {
      throw badRequest('The request body is not valid JSON.')
    }
    if (typeof image !== 'string' || !image)
      throw badRequest('Send the screenshot as image/png or as {"image": "data:image/png;base64,…"}.', {
        image: ['A PNG image is required.'],
      })
    bytes = Buffer.from(image.replace(/^data:image\/png;base64,/, ''), 'base64')
  }
  if (bytes.length > MAX_SCREENSHOT_BYTES)
    throw new AppError('payload_too_large', 413, 'The screenshot is larger than 5 MB.')
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG))
    throw badRequest('The screenshot must be a PNG image.', { image: ['The screenshot must be a PNG image.'] })
  const file = screenshotPath(companyId, flowId)
  await fs.mkdir(path.dirname(file), { recursive: true })
  const tmp = `${file}.${process.pid}.tmp`
  await fs.writeFile(tmp, bytes)
  await fs.rename(tmp, file)
  return { flowId, size: bytes.length, width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

export async function readScreenshot(companyId: number, flowId: string): Promise<Buffer | null> {
  if (!(await db.flow.findFirst({ where: { companyId, id: flowId }, select: { id: true } })))
    throw notFound(`A flow with id ${flowId} was not found.`)
  return fs.readFile(screenshotPath(companyId, flowId)).catch(() => null)
}

export const customObjectsLegacy = () => ({ data: [], objects: [], totalCount: 0 })
