import { clientPreflight, clientRoute } from '@/lib/api/api-route'
import { apiNotFound } from '@/lib/api/api-error'
import { sparseFields } from '@/lib/api/query-params'
import { pickFields } from '@/lib/api/json-api'
import { egressAllowlist } from '@/lib/config/egress-allowlist'

const IP_ALLOWLIST_FIELDS = ['prefixes', 'sync_token', 'created', 'id'] as const
const ONLY_ID = 'integration-egress'
// The list is configuration read at start, so it was "created" when this server started.
const STARTED = new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00')

// GET /client/ip-allowlists/integration-egress – the addresses integration calls leave from (404 unless EGRESS_IP_PREFIXES is set)
export const GET = clientRoute({
  rate: 'L',
  handler: ({ ctx, params }) => {
    const fields = sparseFields(ctx.url, 'ip-allowlist', IP_ALLOWLIST_FIELDS)
    const list = params.id === ONLY_ID ? egressAllowlist() : null
    if (!list) throw apiNotFound(`An IP allow list with id ${params.id} was not found.`)
    const self = `${ctx.url.origin}/client/ip-allowlists/${ONLY_ID}/`
    return {
      data: {
        type: 'ip-allowlist',
        id: ONLY_ID,
        attributes: pickFields({ prefixes: list.prefixes, sync_token: list.syncToken, created: STARTED }, fields),
        links: { self },
      },
      links: { self },
    }
  },
})

// OPTIONS /client/ip-allowlists/{id} – CORS preflight
export const OPTIONS = clientPreflight
