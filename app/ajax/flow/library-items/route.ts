import { ajax } from '@/lib/http/ajax'
import { libraryBody, libraryItems, libraryQuery, addLibraryItem } from '@/lib/flows/ajax/other-library'

// GET /ajax/flow/library-items – the seven flow templates as library items (?search=)
export const GET = ajax({
  resources: ['flows_read'],
  query: libraryQuery,
  handler: ({ query }) => libraryItems(query.search),
})

// POST /ajax/flow/library-items – adds a library item to the company as a draft flow (key, optional name)
export const POST = ajax({
  resources: ['flows_create'],
  body: libraryBody,
  handler: ({ ctx, body }) => addLibraryItem(ctx.principal.companyId, body.key, body.name),
})
