import { ajax } from '@/lib/http/ajax'
import { brandKitUpdateSchema } from '@/lib/brand/brand-kit-schema'
import { getBrandKit } from '@/lib/brand/get-brand-kit'
import { saveBrandKit } from '@/lib/brand/save-brand-kit'

// GET /ajax/asset-library/brand – the brand kit (styles, header links, social icons), defaults when never saved
export const GET = ajax({
  resources: ['templates_read'],
  handler: async ({ ctx }) => ({ brand: await getBrandKit(ctx.principal.companyId) }),
})

// PUT /ajax/asset-library/brand – saves the parts sent (styles, headerLinks, socialIcons)
export const PUT = ajax({
  resources: ['templates_write'],
  body: brandKitUpdateSchema,
  handler: async ({ ctx, body }) => ({ brand: await saveBrandKit(ctx.principal.companyId, body) }),
})
