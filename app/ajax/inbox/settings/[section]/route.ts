import { ajax, z } from '@/lib/http/ajax'
import { forbidden, notFound } from '@/lib/errors/app-error'
import { hasPermission } from '@/lib/auth/permissions'
import { isInboxSettingsSection, saveInboxSettings } from '@/lib/inbox/automations/inbox-settings'

// The settings pages (general, inbound messages) also need the inbox-settings resource, as
// their routes do; the away message, FAQ switch and onboarding are inbox customization.
const SETTINGS_PAGES = new Set(['general', 'inbound-messages'])

// PUT /ajax/inbox/settings/{general|inbound-messages|away-message|faq|onboarding} – saves one section
export const PUT = ajax({
  resources: ['sms_conversations_read', 'account_settings_write'],
  body: z.record(z.string(), z.unknown()),
  handler: async ({ ctx, params, body }) => {
    const section = params.section ?? ''
    if (!isInboxSettingsSection(section)) throw notFound()
    if (
      SETTINGS_PAGES.has(section) &&
      !hasPermission(ctx.principal.resources, { required: ['sms_conversations_settings_read'] })
    )
      throw forbidden()
    return { settings: await saveInboxSettings(ctx.principal.companyId, section, body) }
  },
})
