import { ajax } from '@/lib/http/ajax'
import { appFields } from '@/lib/oauth/app-fields'
import { listApps, serializeApp } from '@/lib/oauth/manage-app'
import { registerApp } from '@/lib/oauth/register-app'
import { scopeCatalogue } from '@/lib/api-keys/scopes'

// GET /ajax/manage-apps – the company's own OAuth apps and the scope catalogue
export const GET = ajax({
  resources: ['applications_read'],
  handler: async ({ ctx }) => ({ apps: await listApps(ctx.principal.companyId), scopes: scopeCatalogue() }),
})

// POST /ajax/manage-apps – registers an app; the client secret is in this answer only
export const POST = ajax({
  resources: ['applications_write'],
  body: appFields,
  status: 201,
  handler: async ({ ctx, body }) => {
    const { app, clientSecret } = await registerApp(ctx.principal.companyId, ctx.principal.userId, body)
    return { app: serializeApp(app), clientSecret }
  },
})
