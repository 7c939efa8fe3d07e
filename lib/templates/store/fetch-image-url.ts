// Downloads an image for POST /api/images (import_from_url) without becoming a way into the
// server's own network: lib/net/safe-fetch connects only to public addresses, checked on the
// connection of the request and of every redirect, and stops reading at 5 MB.
// IMAGE_IMPORT_ALLOW_PRIVATE=1 lifts the address rule for tests and closed networks.
import { badRequest } from '@/lib/errors/app-error'
import { OutboundError, safeFetch } from '@/lib/net/safe-fetch'
import { MAX_IMAGE_BYTES } from './image-sniff'

const TIMEOUT_MS = 10_000
const MAX_REDIRECTS = 3

const refuse = (message: string) => badRequest(message, { import_from_url: [message] })

const FAILURE_TEXT: Partial<Record<OutboundError['kind'], string>> = {
  invalid_url: 'import_from_url must be an http or https URL.',
  blocked: 'Images cannot be imported from private network addresses.',
  timeout: 'The image address did not answer in time.',
  too_large: 'The image at that address is larger than 5 MB.',
  redirects: 'The image address redirected too many times.',
}

/** The bytes at an http(s) URL; 400 (field import_from_url) for anything that cannot be fetched. */
export async function fetchImageUrl(raw: string): Promise<Buffer> {
  let res
  try {
    res = await safeFetch(raw, {
      purpose: 'image',
      timeoutMs: TIMEOUT_MS,
      maxBytes: MAX_IMAGE_BYTES,
      maxRedirects: MAX_REDIRECTS,
      headers: { 'user-agent': 'MerchantAutomation-ImageImport/1.0', accept: 'image/*' },
    })
  } catch (e) {
    throw refuse(
      (e instanceof OutboundError && FAILURE_TEXT[e.kind]) || 'The image could not be downloaded from that address.',
    )
  }
  if (res.status !== 200) throw refuse(`The image address answered with status ${res.status}.`)
  return res.body
}
