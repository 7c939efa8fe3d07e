// Reading and saving OnsiteSettings.hostedPages (the shape lives in style.ts).
import { db } from '@/lib/db/client'
import { parseHostedPages, type HostedPagesSettings } from '@/lib/hosted-pages/style'

export async function getHostedPagesSettings(companyId: number): Promise<HostedPagesSettings> {
  const row = await db.onsiteSettings.findUnique({ where: { companyId }, select: { hostedPages: true } })
  return parseHostedPages(row?.hostedPages)
}

export async function saveHostedPagesSettings(
  companyId: number,
  body: HostedPagesSettings,
): Promise<HostedPagesSettings> {
  const hostedPages = JSON.stringify(body)
  await db.onsiteSettings.upsert({ where: { companyId }, create: { companyId, hostedPages }, update: { hostedPages } })
  return body
}
