// The custom tags: Django's {% with %} and {% now %}, and the vendor's link and address tags.
import {
  Tag,
  Value,
  type Context,
  type Emitter,
  type Liquid,
  type Parser,
  type TagToken,
  type TopLevelToken,
  type Template,
} from 'liquidjs'
import { formatDjangoDate } from './format-django-date'
import { smartSplit } from './translate-django-syntax'
import { templateEnv } from './template-env'
import { escapeHtml, toText } from './template-output'
import type { TemplateLinkKind } from './template-types'

/** {% with total=order.total name=person.first_name %}…{% endwith %} ({% with a as b %} is translated to this form). */
class WithTag extends Tag {
  private bindings: { name: string; value: Value }[] = []
  private templates: Template[] = []
  constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid, parser: Parser) {
    super(token, remainTokens, liquid)
    for (const part of smartSplit(token.args)) {
      const m = /^([A-Za-z_]\w*)=([\s\S]+)$/.exec(part)
      if (!m) throw new Error(`'with' expected name=value, got "${part}"`)
      this.bindings.push({ name: m[1], value: new Value(m[2], liquid) })
    }
    if (!this.bindings.length) throw new Error("'with' expected at least one variable assignment")
    parser
      .parseStream(remainTokens)
      .on('tag:endwith', function (this: { stop(): void }) {
        this.stop()
      })
      .on('template', (tpl: Template) => this.templates.push(tpl))
      .on('end', () => {
        throw new Error(`tag ${token.getText()} not closed`)
      })
      .start()
  }
  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    const scope: Record<string, unknown> = Object.create(null)
    for (const { name, value } of this.bindings) scope[name] = yield value.value(ctx, false)
    ctx.push(scope)
    try {
      yield this.liquid.renderer.renderTemplates(this.templates, ctx, emitter)
    } finally {
      ctx.pop()
    }
  }
}

const LINK_TEXT: Record<TemplateLinkKind, string> = {
  unsubscribe: 'Unsubscribe',
  manage_preferences: 'Manage preferences',
  web_view: 'View in browser',
}

/** {% unsubscribe %}, {% unsubscribe 'click here' %}: a link; {% unsubscribe_link %}: the URL only. */
function linkTag(kind: TemplateLinkKind, urlOnly: boolean) {
  return class LinkTag extends Tag {
    private text?: Value
    constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid) {
      super(token, remainTokens, liquid)
      if (token.args.trim()) {
        if (urlOnly) throw new Error(`'${token.name}' takes no arguments`)
        this.text = new Value(token.args, liquid)
      }
    }
    *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
      const env = templateEnv(ctx)
      const url = env.links?.(kind) ?? '#'
      const text = this.text ? toText(yield this.text.value(ctx, false)) || LINK_TEXT[kind] : LINK_TEXT[kind]
      if (env.mode === 'text') emitter.write(urlOnly ? url : `${text} (${url})`)
      else emitter.write(urlOnly ? escapeHtml(url) : `<a href="${escapeHtml(url)}">${escapeHtml(text)}</a>`)
    }
  }
}

/** {% organization_address %}: the sender's postal address, as {{ organization.full_address }}. */
class OrganizationAddressTag extends Tag {
  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    const env = templateEnv(ctx)
    emitter.write(env.mode === 'text' ? env.organizationAddress : escapeHtml(env.organizationAddress))
  }
}

/** {% now "F j, Y" %}: the current time in the render's zone. */
class NowTag extends Tag {
  private format?: Value
  constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid) {
    super(token, remainTokens, liquid)
    if (token.args.trim()) this.format = new Value(token.args, liquid)
  }
  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    const env = templateEnv(ctx)
    const format = this.format ? yield this.format.value(ctx, false) : 'DATETIME_FORMAT'
    const text = formatDjangoDate(env.now, format, env)
    emitter.write(env.mode === 'text' ? text : escapeHtml(text))
  }
}

export function registerTemplateTags(liquid: Liquid): void {
  // no file access from templates: include/render/layout read files in LiquidJS
  for (const name of ['include', 'render', 'layout', 'block']) delete liquid.tags[name]
  liquid.registerTag('with', WithTag)
  liquid.registerTag('now', NowTag)
  liquid.registerTag('organization_address', OrganizationAddressTag)
  for (const kind of Object.keys(LINK_TEXT) as TemplateLinkKind[]) {
    liquid.registerTag(kind, linkTag(kind, false))
    liquid.registerTag(`${kind}_link`, linkTag(kind, true))
    liquid.registerTag(`${kind}_url`, linkTag(kind, true))
  }
}
