// Renders one template for one recipient: the vendor's Django-style language through LiquidJS.
// A missing variable prints nothing; a syntax error throws TemplateSyntaxError (validateTemplate
// keeps such a template from being saved); the parsed template comes from the LRU cache.
// This is the only place a template is rendered: every caller (sends, previews, test sends,
// the web view, /api/template-render, flow webhooks) gets the same limits (render-limits.ts),
// and a render that hits one throws a TemplateRenderError naming it.
import { Context } from 'liquidjs'
import { RenderBudget, RENDER_LIMIT_MESSAGES } from './render-limits'
import { formatOrganizationAddress } from './format-organization-address'
import { parseTemplate } from './parse-template'
import { templateEngine } from './template-engine'
import { toTemplateData } from './to-template-data'
import {
  TEMPLATE_ENV_REGISTER,
  TemplateRenderError,
  type RenderTemplateOptions,
  type TemplateRenderEnv,
} from './template-types'

/** The template data of one recipient (context and organization), made once for several templates (renderEmail's subject, HTML and text). */
export interface PreparedScope {
  readonly scope: Record<string, unknown>
  readonly organizationAddress: string
  /** Shared by the parts of one message: their time, output and memory add up. */
  readonly budget: RenderBudget
}

export function prepareScope(
  context: Record<string, unknown> = {},
  options: RenderTemplateOptions = {},
): PreparedScope {
  const organizationAddress = formatOrganizationAddress(options.organization)
  const scope = (toTemplateData(context) ?? {}) as Record<string, unknown>
  if (options.organization) {
    const org = options.organization
    const given = (scope.organization && typeof scope.organization === 'object' ? scope.organization : {}) as Record<
      string,
      unknown
    >
    scope.organization = { name: org.name ?? '', url: org.url ?? '', full_address: organizationAddress, ...given }
  }
  return { scope, organizationAddress, budget: new RenderBudget() }
}

/** `prepared`: prepareScope(context, options) when the caller renders several templates for the same recipient. */
export function renderTemplate(
  source: string,
  context: Record<string, unknown> = {},
  options: RenderTemplateOptions = {},
  prepared?: PreparedScope,
): string {
  const mode = options.mode ?? 'html'
  const parsed = parseTemplate(source, mode)
  if ('error' in parsed) throw parsed.error
  const { scope, organizationAddress, budget } = prepared ?? prepareScope(context, options)
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
  const limits = budget.liquidLimits as unknown as ConstructorParameters<typeof Context>[3]
  const ctx = new Context(scope, engine.options, { sync: true }, { liquid: engine, ...limits })
  ctx.setRegister(TEMPLATE_ENV_REGISTER, env)
  try {
    budget.checkTime()
    return engine.renderSync(parsed.templates, ctx) as string
  } catch (e) {
    // LiquidJS wraps the limit's error in its own; the budget knows which limit it was
    if (budget.exceeded) throw new TemplateRenderError(RENDER_LIMIT_MESSAGES[budget.exceeded], budget.exceeded)
    throw new TemplateRenderError(`The template could not be rendered: ${(e as Error).message.split('\n')[0]}`)
  }
}
