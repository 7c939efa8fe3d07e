import { ajax } from '@/lib/http/ajax'
import { deleteApp, getAppOrThrow, serializeApp, updateApp, updateAppBody } from '@/lib/oauth/manage-app'
import { scopeCatalogue } from '@/lib/api-keys/scopes'

// GET /ajax/manage-apps/{appId} – one of the company's apps
export const GET = ajax({
  resources: ['applications_read'],
  handler: async ({ ctx, params }) => ({
    app: serializeApp(await getAppOrThrow(ctx.principal.companyId, params.appId ?? '')),
    scopes: scopeCatalogue(),
  }),
})

// PATCH /ajax/manage-apps/{appId} – name, description, redirect URIs, scopes
export const PATCH = ajax({
  resources: ['applications_write'],
  body: updateAppBody,
  handler: async ({ ctx, params, body }) => ({
    app: await updateApp(ctx.principal.companyId, params.appId ?? '', body),
  }),
})

// DELETE /ajax/manage-apps/{appId} – deletes the app and every grant it holds
export const DELETE = ajax({
  resources: ['applications_write'],
  handler: async ({ ctx, params }) => {
    await deleteApp(ctx.principal.companyId, params.appId ?? '')
    return { deleted: true }
  },
})
