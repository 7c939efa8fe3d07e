import { ajax } from '@/lib/http/ajax'
import { getOrganization } from '@/lib/account/get-organization'
import { organizationOptions } from '@/lib/account/organization-options'
import { updateOrganization, updateOrganizationBody } from '@/lib/account/update-organization'
import { resolveLocale } from '@/lib/i18n/locales'

// GET /ajax/account/organization – the organization's details and the form's choices
export const GET = ajax({
  resources: ['account_info_organization'],
  handler: async ({ ctx }) => ({
    organization: await getOrganization(ctx.principal.companyId),
    options: organizationOptions(resolveLocale(ctx.principal.user.locale ?? ctx.req.headers.get('accept-language'))),
  }),
})

// POST /ajax/account/organization – saves name, website, industry, postal address, currency, locale preferences
export const POST = ajax({
  resources: ['account_info_organization', 'account_settings_write'],
  body: updateOrganizationBody,
  handler: async ({ ctx, body }) => ({
    organization: await updateOrganization(ctx.principal.companyId, ctx.principal.userId, body),
  }),
})
