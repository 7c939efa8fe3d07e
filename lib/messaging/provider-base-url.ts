// The base URL of a message provider's API, as an account owner may set it (SMS, WhatsApp):
// https to a public host, so the server cannot be pointed at itself or its network
// (PROVIDERS_ALLOW_PRIVATE=1 lets the tests and closed networks use a local stand-in). The same
// rule is applied again to the address each request connects to (lib/net/safe-fetch).
import { z } from 'zod'
import { outboundUrlProblem } from '@/lib/net/safe-fetch'

export const providerBaseUrl = z
  .string()
  .trim()
  .max(500, 'Use at most 500 characters.')
  .superRefine((v, ctx) => {
    if (!/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i.test(v)) {
      ctx.addIssue({ code: 'custom', message: 'Enter an address starting with https://.' })
      return
    }
    const problem = outboundUrlProblem(v, 'provider', { httpsOnly: true, label: 'The base URL' })
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
