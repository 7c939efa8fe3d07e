import { ajax } from '@/lib/http/ajax'
import { scopeCatalogue } from '@/lib/api-keys/scopes'

// GET /ajax/account/api-key-scopes – the scope catalogue the key form offers
export const GET = ajax({
  resources: ['api_keys_read'],
  handler: () => ({ families: scopeCatalogue() }),
})
