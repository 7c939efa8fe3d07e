import { ajax } from '@/lib/http/ajax'
import { builderConfig } from '@/lib/flows/ajax/flows-builder-config'

// GET /ajax/flows/builder/config – the builder's action types, channel codes, delay units and limits
export const GET = ajax({
  resources: ['flows_read'],
  handler: () => builderConfig(),
})
