// Renders one template for one recipient: the vendor's Django-style language through LiquidJS.
// A missing variable prints nothing; a syntax error throws TemplateSyntaxError (validateTemplate
// keeps such a template from being saved); the parsed template comes from the LRU cache.
import { Context } from 'liquidjs'
import { formatOrganizationAddress } from './format-organization-address'
import { parseTemplate } from './parse-template'
import { templateEngine } from './template-engine'
import { toTemplateData } from './to-template-data'
import { TEMPLATE_ENV_REGISTER, TemplateRenderError, type RenderTemplateOptions, type TemplateRenderEnv } from './template-types'

/** The template data of one recipient (context and organization), made once for several templates (renderEmail's subject, HTML and text). */
export interface PreparedScope {
  readonly scope: Record<string, unknown>
  readonly organizationAddress: string
}

export function prepareScope(context: Record<string, unknown> = {}, options: RenderTemplateOptions = {}): PreparedScope {
  const organizationAddress = formatOrganizationAddress(options.organization)
  const scope = (toTemplateData(context) ?? {}) as Record<string, unknown>
  if (options.organization) {
    const org = options.organization
    const given = (scope.organization && typeof scope.organization === 'object' ? scope.organization : {}) as Record<string, unknown>
    scope.organization = { name: org.name ?? '', url: org.url ?? '', full_address: organizationAddress, ...given }
  }
  return { scope, organizationAddress }
}

/** `prepared`: prepareScope(context, options) when the caller renders several templates for the same recipient. */
export function renderTemplate(source: string, context: Record<string, unknown> = {}, options: RenderTemplateOptions = {}, prepared?: PreparedScope): string {
  const mode = options.mode ?? 'html'
  const parsed = parseTemplate(source, mode)
  if ('error' in parsed) throw parsed.error
  const { scope, organizationAddress } = prepared ?? prepareScope(context, options)
  const env: TemplateRenderEnv = {
    mode,
    timeZone: options.timeZone || 'UTC',
    locale: options.locale || 'en-US',
    currency: options.currency || 'USD',
    links: options.links,
    organizationAddress,
    now: options.now ?? new Date(),
  }
  const engine = templateEngine(mode)
  const ctx = new Context(scope, engine.options, { sync: true }, { liquid: engine })
  ctx.setRegister(TEMPLATE_ENV_REGISTER, env)
  try {
    return engine.renderSync(parsed.templates, ctx) as string
  } catch (e) {
    throw new TemplateRenderError(`The template could not be rendered: ${(e as Error).message.split('\n')[0]}`)
  }
}
