import type { Context } from 'liquidjs'
import { TEMPLATE_ENV_REGISTER, type TemplateRenderEnv } from './template-types'

const fallbackEnv: TemplateRenderEnv = {
  mode: 'html',
  timeZone: 'UTC',
  locale: 'en-US',
  currency: 'USD',
  organizationAddress: '',
  get now() {
    return new Date()
  },
}

/** The render's environment (zone, locale, links) as renderTemplate stored it in the context. */
export function templateEnv(context: Context | undefined): TemplateRenderEnv {
  return (context?.getRegister(TEMPLATE_ENV_REGISTER) as TemplateRenderEnv | undefined) ?? fallbackEnv
}
