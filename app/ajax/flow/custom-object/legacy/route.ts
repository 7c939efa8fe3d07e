import { ajax } from '@/lib/http/ajax'
import { customObjectsLegacy } from '@/lib/flows/ajax/other-misc'

// GET /ajax/flow/custom-object/legacy – legacy custom objects for date triggers: none in this product (a well-formed empty list)
export const GET = ajax({
  resources: ['flows_read'],
  handler: () => customObjectsLegacy(),
})
