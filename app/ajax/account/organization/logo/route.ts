import { ajax } from '@/lib/http/ajax'
import { badRequest } from '@/lib/errors/app-error'
import { LOGO_MAX_BYTES, LOGO_TOO_LARGE, removeCompanyLogo, saveCompanyLogo } from '@/lib/account/company-logo'

// POST /ajax/account/organization/logo – uploads the organization's logo (multipart field "logo")
export const POST = ajax({
  resources: ['account_info_organization', 'account_settings_write'],
  handler: async ({ ctx }) => {
    const declared = Number(ctx.req.headers.get('content-length') ?? NaN)
    if (Number.isFinite(declared) && declared > LOGO_MAX_BYTES + 64 * 1024)
      throw badRequest(LOGO_TOO_LARGE, { logo: [LOGO_TOO_LARGE] })
    const form = await ctx.req.formData().catch(() => null)
    const file = form?.get('logo')
    return saveCompanyLogo(ctx.principal.companyId, ctx.principal.userId, file instanceof File ? file : null)
  },
})

// DELETE /ajax/account/organization/logo – removes the organization's logo
export const DELETE = ajax({
  resources: ['account_info_organization', 'account_settings_write'],
  handler: async ({ ctx }) => removeCompanyLogo(ctx.principal.companyId, ctx.principal.userId),
})
