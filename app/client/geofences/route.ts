import { clientPreflight, clientRoute } from '@/lib/api/api-route'
import { pageSize, sparseFields } from '@/lib/api/query-params'
import { decodeCursor } from '@/lib/api/cursor'

const GEOFENCE_FIELDS = ['latitude', 'longitude', 'radius', 'id'] as const

// GET /client/geofences – the account's geofences for the mobile SDK: none, as location triggers are not offered here
export const GET = clientRoute({
  rate: 'L',
  handler: ({ ctx }) => {
    // The parameters are still checked, so a client's mistake is a 400 here as with the vendor.
    pageSize(ctx.url, { def: 20, max: 100 })
    sparseFields(ctx.url, 'geofence', GEOFENCE_FIELDS)
    decodeCursor(ctx.url.searchParams.get('page[cursor]'))
    return { data: [], links: { self: ctx.url.toString(), next: null, prev: null } }
  },
})

// OPTIONS /client/geofences – CORS preflight
export const OPTIONS = clientPreflight
