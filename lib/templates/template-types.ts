// Shared types of the template language and template compilation.

/** A problem in a template source; line and column are 1-based and point into the merchant's source. */
export interface TemplateIssue {
  message: string
  line?: number
  column?: number
  /** For block definitions: where in the definition, e.g. "body.blocks.2.text". */
  path?: string
}

/** Thrown by renderTemplate for a source that does not parse (validateTemplate reports the same without throwing). */
export class TemplateSyntaxError extends Error {
  readonly line: number
  readonly column: number
  constructor(message: string, line: number, column: number) {
    super(`${message} (line ${line}, column ${column})`)
    this.name = 'TemplateSyntaxError'
    this.line = line
    this.column = column
  }
}

/** Thrown when a render fails or is stopped by a limit (render-limits.ts); a missing variable never throws. */
export class TemplateRenderError extends Error {
  constructor(
    message: string,
    /** The limit that stopped the render, if one did. */
    readonly limit?: 'time' | 'output' | 'memory',
  ) {
    super(message)
    this.name = 'TemplateRenderError'
  }
}

/** The links a template can ask for; the send pipeline signs one per send and recipient. */
export type TemplateLinkKind = 'unsubscribe' | 'manage_preferences' | 'web_view'
export type TemplateLinkBuilder = (kind: TemplateLinkKind) => string

/** The sender's organization, for {{ organization.* }} and {% organization_address %}. */
export interface TemplateOrganization {
  name?: string | null
  url?: string | null
  address1?: string | null
  address2?: string | null
  city?: string | null
  region?: string | null
  postalCode?: string | null
  country?: string | null
  /** Overrides the address built from the fields above. */
  fullAddress?: string | null
}

/** 'html': email HTML, output of {{ }} is HTML-escaped (|safe opts out); 'text': text and SMS parts, nothing is escaped. */
export type TemplateMode = 'html' | 'text'

export interface RenderTemplateOptions {
  mode?: TemplateMode
  /** IANA zone for |date: the profile's zone, else the company's. Default UTC. */
  timeZone?: string
  /** BCP 47 locale for month and day names and |currency_format. Default en-US. */
  locale?: string
  /** Currency of |currency_format when the template names none. Default USD. */
  currency?: string
  links?: TemplateLinkBuilder
  organization?: TemplateOrganization
  /** The current time for {% now %} and |date of "now" (tests pass a fixed one). */
  now?: Date
}

/** What the filters and tags of one render read; kept in the render context's registers, out of templates' reach. */
export interface TemplateRenderEnv {
  mode: TemplateMode
  timeZone: string
  locale: string
  currency: string
  links?: TemplateLinkBuilder
  organizationAddress: string
  now: Date
}

export const TEMPLATE_ENV_REGISTER = 'templateRenderEnv'

/** Largest template source accepted (html, mjml or definition JSON), in bytes of UTF-8. */
export const MAX_TEMPLATE_BYTES = 1024 * 1024
