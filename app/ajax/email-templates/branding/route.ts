import { ajax } from '@/lib/http/ajax'
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { blockDefinition } from '@/lib/templates/block-definition'
import { formatOrganizationAddress } from '@/lib/templates/format-organization-address'

// GET /ajax/email-templates/branding – the organization and default styles new templates start with
export const GET = ajax({
  resources: ['templates_read'],
  handler: async ({ ctx }) => {
    const co = await db.company.findUnique({ where: { id: ctx.principal.companyId } })
    if (!co) throw notFound()
    const address = formatOrganizationAddress({
      name: co.name,
      address1: co.addressLine1,
      address2: co.addressLine2,
      city: co.city,
      region: co.addressRegion,
      postalCode: co.postalCode,
      country: co.country,
    })
    return {
      organization: { name: co.name, url: co.websiteUrl, address },
      styles: blockDefinition.parse({ styles: {}, body: [] }).styles,
      logoUrl: co.logoUrl,
    }
  },
})
