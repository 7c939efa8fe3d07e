// /get-started/autobranding: the store's logo and colours read from its website and, once the
// merchant accepts them, saved as the account's brand: the logo as the organization's logo (a
// hidden image served from our origin, as /settings/account/organization stores it) and the
// colour as the hosted pages' brand colour. The page and the logo are fetched through the
// guarded fetcher (public addresses only, checked on every connection and redirect, bounded).
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import { OutboundError, safeFetch } from '@/lib/net/safe-fetch'
import { fetchImageUrl } from '@/lib/templates/store/fetch-image-url'
import { imageUrl, storeImage } from '@/lib/templates/store/image-store'
import { hexColor } from '@/lib/hosted-pages/colors'
import { getHostedPagesSettings, saveHostedPagesSettings } from '@/lib/hosted-pages/settings'
import { recordAudit } from '@/lib/account/record-audit'
import { isWebsiteUrl, WEBSITE_PROBLEM } from './setup-steps'
import { readBrand, type BrandGuess } from './read-brand'

const PAGE_TIMEOUT_MS = 10_000
const PAGE_MAX_BYTES = 2 * 1024 * 1024

export const autobrandingBody = z.object({
  /** Absent: the website the account gave in its setup or organization settings. */
  websiteUrl: z.string().trim().max(500).refine(isWebsiteUrl, WEBSITE_PROBLEM).optional(),
  /** Save what was read (with this colour, when given); false only reads it. */
  apply: z.boolean().default(false),
  brandColor: hexColor.optional(),
})

const refuse = (message: string) => badRequest('Please correct the highlighted fields.', { websiteUrl: [message] })

const FAILURE: Partial<Record<OutboundError['kind'], string>> = {
  blocked: 'That address is on a private network; enter your public store address.',
  unresolved: 'That address does not exist. Check the spelling.',
  timeout: 'Your website did not answer in time. Try again.',
}

async function readSite(url: string): Promise<BrandGuess & { pageUrl: string }> {
  let res
  try {
    res = await safeFetch(url, {
      purpose: 'image',
      timeoutMs: PAGE_TIMEOUT_MS,
      maxBytes: PAGE_MAX_BYTES,
      overflow: 'truncate',
      maxRedirects: 3,
      headers: { 'user-agent': 'MerchantAutomation-Autobranding/1.0', accept: 'text/html' },
    })
  } catch (e) {
    throw refuse((e instanceof OutboundError && FAILURE[e.kind]) || 'Your website could not be read.')
  }
  if (res.status !== 200) throw refuse(`Your website answered with status ${res.status}.`)
  const pageUrl = res.url.toString()
  return { ...readBrand(res.text(), pageUrl), pageUrl }
}

export async function autobrand(companyId: number, userId: number, input: z.infer<typeof autobrandingBody>) {
  const company = await db.company.findUniqueOrThrow({
    where: { id: companyId },
    select: { websiteUrl: true, logoUrl: true },
  })
  const url = input.websiteUrl ?? company.websiteUrl
  if (!url) throw refuse('Enter your website address.')
  const guess = await readSite(url)
  const brandColor = input.brandColor ?? guess.colors[0] ?? null
  if (!input.apply) return { ...guess, brandColor, saved: false, savedLogoUrl: company.logoUrl, logoProblem: null }
  let savedLogoUrl = company.logoUrl
  let logoProblem: string | null = null
  if (guess.logoUrl) {
    try {
      const img = await storeImage(companyId, await fetchImageUrl(guess.logoUrl), {
        name: 'logo',
        hidden: true,
        sourceUrl: guess.logoUrl,
        field: 'logo',
      })
      savedLogoUrl = imageUrl(img)
    } catch {
      // An SVG or an unreachable logo: the colours are still worth saving.
      logoProblem = 'The logo on your website could not be used; upload one in the organization settings.'
    }
  }
  await db.$transaction(async (tx) => {
    await tx.company.update({
      where: { id: companyId },
      data: { logoUrl: savedLogoUrl, ...(company.websiteUrl ? {} : { websiteUrl: url }) },
    })
    await recordAudit(tx, {
      companyId,
      userId,
      action: savedLogoUrl !== company.logoUrl ? 'company.logo_changed' : 'company.organization_updated',
      details: { autobranding: guess.pageUrl },
    })
  })
  if (brandColor) {
    const current = await getHostedPagesSettings(companyId)
    await saveHostedPagesSettings(companyId, { ...current, brandColor })
  }
  return { ...guess, brandColor, saved: true, savedLogoUrl, logoProblem }
}
