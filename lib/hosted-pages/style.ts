// OnsiteSettings.hostedPages: the branding every hosted page (subscribe links, consent pages)
// starts from. Absent or unreadable JSON means the defaults, so nothing changes for a company
// that never opened /settings/other/hosted-pages. Pure (no database), so the editors' previews
// use the same fonts and shapes as the server.
import { z } from 'zod'
import { hexColor } from '@/lib/hosted-pages/colors'

export const HOSTED_FONTS = ['system', 'serif', 'rounded', 'mono'] as const
export const BUTTON_STYLES = ['rounded', 'square', 'pill'] as const
export const LOGO_PLACEMENTS = ['left', 'center', 'hidden'] as const

export const hostedPagesBody = z
  .object({
    brandColor: hexColor,
    backgroundColor: hexColor,
    textColor: hexColor,
    font: z.enum(HOSTED_FONTS),
    buttonStyle: z.enum(BUTTON_STYLES),
    logoPlacement: z.enum(LOGO_PLACEMENTS),
  })
  .strict()

export type HostedPagesSettings = z.infer<typeof hostedPagesBody>

export const HOSTED_PAGES_DEFAULTS: HostedPagesSettings = {
  brandColor: '#1b1f24',
  backgroundColor: '#f4f5f7',
  textColor: '#1b1f24',
  font: 'system',
  buttonStyle: 'rounded',
  logoPlacement: 'left',
}

export function parseHostedPages(json: string | null | undefined): HostedPagesSettings {
  let raw: unknown = {}
  try {
    raw = JSON.parse(json || '{}')
  } catch {
    raw = {}
  }
  const out = { ...HOSTED_PAGES_DEFAULTS }
  if (raw && typeof raw === 'object') {
    // Field by field, so one bad stored value does not discard the rest.
    for (const [k, schema] of Object.entries(hostedPagesBody.shape)) {
      const r = schema.safeParse((raw as Record<string, unknown>)[k])
      if (r.success) (out as Record<string, unknown>)[k] = r.data
    }
  }
  return out
}

export const FONT_STACKS: Record<HostedPagesSettings['font'], string> = {
  system: 'system-ui,-apple-system,"Segoe UI",Roboto,sans-serif',
  serif: 'Georgia,"Times New Roman",serif',
  rounded: 'ui-rounded,"Nunito","Segoe UI",system-ui,sans-serif',
  mono: 'ui-monospace,"SFMono-Regular",Menlo,monospace',
}

export const BUTTON_RADIUS: Record<HostedPagesSettings['buttonStyle'], string> = {
  rounded: '6px',
  square: '0',
  pill: '999px',
}
