import { ajax } from '@/lib/http/ajax'
import { getHostedPagesSettings, saveHostedPagesSettings } from '@/lib/hosted-pages/settings'
import { hostedPagesBody } from '@/lib/hosted-pages/style'
import { db } from '@/lib/db/client'

const READ = { partial: ['account_settings_read'] } as const

// GET /ajax/growth/hosted-pages – the hosted pages' branding defaults, with the company's name and logo
export const GET = ajax({
  ...READ,
  handler: async ({ ctx }) => {
    const companyId = ctx.principal.companyId
    const company = await db.company.findUnique({
      where: { id: companyId },
      select: { name: true, logoUrl: true, avatarColor: true },
    })
    return { settings: await getHostedPagesSettings(companyId), company }
  },
})

// PUT /ajax/growth/hosted-pages – saves them (400 with field errors)
export const PUT = ajax({
  ...READ,
  resources: ['account_settings_write'],
  body: hostedPagesBody,
  handler: async ({ ctx, body }) => ({ settings: await saveHostedPagesSettings(ctx.principal.companyId, body) }),
})
