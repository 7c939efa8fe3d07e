// A new subscribe link starts from the company's (or the list's) "subscribe" and "subscribed"
// consent pages where those were edited, else from the built-in texts.
import { resolveConsentPage } from '@/lib/hosted-pages/consent-page-store'
import { SUBSCRIBE_LINK_DEFAULTS, type SubscribeLinkContent } from './content'

export async function newLinkDefaults(companyId: number, listId?: string): Promise<SubscribeLinkContent> {
  const [page, done] = await Promise.all([
    resolveConsentPage(companyId, 'subscribe', listId),
    resolveConsentPage(companyId, 'subscribed', listId),
  ])
  const d = SUBSCRIBE_LINK_DEFAULTS
  return {
    ...d,
    headline: page.headline || d.headline,
    body: page.body || d.body,
    buttonText: page.buttonText || d.buttonText,
    backgroundColor: page.backgroundColor || d.backgroundColor,
    buttonColor: page.buttonColor || d.buttonColor,
    textColor: page.textColor || d.textColor,
    successHeadline: done.headline || d.successHeadline,
    successMessage: done.body || d.successMessage,
  }
}
