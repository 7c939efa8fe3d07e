/**
 * @jest-environment node
 */
// Template compilation at save time: MJML with inlined CSS, CODE html sanitized and inlined, the
// SYSTEM_DRAGGABLE block definition, generated text parts, errors with line and column, size limit.
import { compileTemplate } from '@/lib/templates/compile-template'
import { renderTemplate } from '@/lib/templates/render-template'

const mjml = `<mjml>
  <mj-head>
    <mj-style inline="inline">.note { color: #ff0000; font-weight: bold; }</mj-style>
  </mj-head>
  <mj-body>
    <mj-section>
      <mj-column>
        <mj-text css-class="note">Hello {{ first_name|default:"friend" }}</mj-text>
        <mj-text>{% for item in event.Items %}{{ item.ProductName }}{% if not forloop.last %}, {% endif %}{% endfor %}</mj-text>
        <mj-button href="{% unsubscribe_link %}">Unsubscribe</mj-button>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`

describe('compileTemplate: MJML', () => {
  it('compiles to responsive HTML with inlined styles, keeping template tags', async () => {
    const out = await compileTemplate({ kind: 'USER_DRAGGABLE', mjml })
    expect(out.errors).toEqual([])
    expect(out.html).toMatch(/^<!doctype html>/i)
    expect(out.html).toMatch(/@media only screen and \(min-width:480px\)/)
    // the mj-style rule is inlined on the element that had the class
    expect(out.html).toMatch(/class="note" style="[^"]*color: #ff0000;[^"]*font-weight: bold;/)
    expect(out.html).toContain('{{ first_name|default:"friend" }}')
    expect(out.html).toContain('{% unsubscribe_link %}')
    // offline: no web font links
    expect(out.html).not.toContain('fonts.googleapis.com')
    const rendered = renderTemplate(
      out.html,
      { first_name: 'Ann', event: { Items: [{ ProductName: 'Mug' }, { ProductName: 'Tea' }] } },
      { links: () => 'https://app.test/u/1' },
    )
    expect(rendered).toContain('Hello Ann')
    expect(rendered).toContain('Mug, Tea')
    expect(rendered).toContain('href="https://app.test/u/1"')
  })

  it('generates a text part with the template tags intact', async () => {
    const out = await compileTemplate({ kind: 'USER_DRAGGABLE', mjml })
    expect(out.text).toContain('Hello {{ first_name|default:"friend" }}')
    expect(out.text).not.toMatch(/<[a-z]/i)
    expect(renderTemplate(out.text, { first_name: '<Ann>' }, { mode: 'text' })).toContain('Hello <Ann>')
  })

  it('keeps a text part the template has', async () => {
    const out = await compileTemplate({ kind: 'USER_DRAGGABLE', mjml, text: 'Hi {{ first_name }}' })
    expect(out.text).toBe('Hi {{ first_name }}')
  })

  it('reports MJML problems as warnings with line and column', async () => {
    const out = await compileTemplate({
      kind: 'USER_DRAGGABLE',
      mjml: '<mjml>\n<mj-body>\n  <mj-section><mj-column>\n    <mj-text foo="bar">Hi</mj-text>\n  </mj-column></mj-section>\n</mj-body>\n</mjml>',
    })
    expect(out.errors).toEqual([])
    expect(out.warnings).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/foo/), line: 4, column: 5 }),
    ])
    expect(out.html).toContain('Hi')
  })
})

describe('compileTemplate: CODE html', () => {
  const html = `<html><head><style>.price { color: #008000; } @media (max-width: 480px) { .price { font-size: 20px; } }</style></head>
<body>
<table class="items">{% for item in event.Items %}<tr><td class="price">{{ item.Price|floatformat:2 }}</td></tr>{% endfor %}</table>
<p>{% unsubscribe %}</p>
</body></html>`

  it('inlines CSS, keeps media queries and loops between table rows', async () => {
    const out = await compileTemplate({ kind: 'CODE', html })
    expect(out.errors).toEqual([])
    expect(out.warnings).toEqual([])
    expect(out.html).toContain('<td class="price" style="color: #008000;">{{ item.Price|floatformat:2 }}</td>')
    expect(out.html).toContain('<table class="items">{% for item in event.Items %}<tr>')
    expect(out.html).toMatch(/@media \(max-width: 480px\)/)
    expect(renderTemplate(out.html, { event: { Items: [{ Price: 3 }, { Price: 4.5 }] } })).toContain(
      '3.00</td></tr><tr><td class="price" style="color: #008000;">4.50',
    )
    expect(out.text).toContain('{% unsubscribe %}')
  })

  it('sanitizes broken and unsafe HTML with warnings, never throwing', async () => {
    const broken =
      '<p>Hello <b>there\n<script>alert(1)</script>\n<a href="javascript:alert(1)" onclick="x()">click</a>\n<div><span>unclosed'
    const out = await compileTemplate({ kind: 'CODE', html: broken })
    expect(out.errors).toEqual([])
    expect(out.html).not.toMatch(/<script|javascript:|onclick/i)
    expect(out.html).toContain('</span></div>')
    const messages = out.warnings.map((w) => `${w.line}:${w.column} ${w.message}`)
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^1:10 <b> is not closed/),
        expect.stringMatching(/^2:1 <script> is not allowed/),
        expect.stringMatching(/^3:1 The onclick attribute/),
        expect.stringMatching(/^3:1 The href of <a> was removed/),
        expect.stringMatching(/^4:6 <span> is not closed/),
      ]),
    )
  })

  it.each([
    '',
    '<<<>>>',
    '<table><tr><td',
    '</div></div>',
    '<p>\u0000\uFFFF</p>',
    '<!-- unclosed comment',
    '<style>{{{{</style>',
  ])('survives %j', async (src) => {
    const out = await compileTemplate({ kind: 'CODE', html: src })
    expect(Array.isArray(out.errors)).toBe(true)
    expect(typeof out.html).toBe('string')
  })

  it('refuses a template-language syntax error with its line and column', async () => {
    const out = await compileTemplate({ kind: 'CODE', html: '<p>Hi</p>\n<p>\n  {% if first_name %}Hi</p>' })
    expect(out.html).toBe('')
    expect(out.errors).toEqual([
      { message: 'Unclosed tag {% if first_name %}: it needs {% endif %}', line: 3, column: 3 },
    ])
  })

  it('refuses a syntax error in the text part, naming it', async () => {
    const out = await compileTemplate({ kind: 'CODE', html: '<p>Hi</p>', text: 'Hi\n{{ first_name|nope }}' })
    expect(out.errors).toEqual([{ message: "Unknown filter 'nope'", line: 2, column: 1, path: 'text' }])
  })

  it('refuses a template over 1 MB with a clear error', async () => {
    const out = await compileTemplate({ kind: 'CODE', html: `<p>${'x'.repeat(1024 * 1024)}</p>` })
    expect(out.errors).toEqual([{ message: 'The template is 1.0 MB; the limit is 1 MB' }])
  })

  it('requires html for CODE', async () => {
    const out = await compileTemplate({ kind: 'CODE' })
    expect(out.errors).toEqual([{ message: 'html is required for CODE templates' }])
  })
})

describe('compileTemplate: SYSTEM_DRAGGABLE block definition', () => {
  const definition = {
    styles: { backgroundColor: '#eeeeee', linkColor: '#123456', previewText: 'Your order, {{ first_name }}' },
    body: [
      { type: 'image', src: 'https://shop.test/logo.png', alt: 'Shop', width: 200 },
      {
        type: 'text',
        html: '<p>Hi {{ first_name|default:"friend" }}, see <a href="https://shop.test">our shop</a>.</p>',
      },
      {
        type: 'product',
        title: '{{ item.ProductName }}',
        price: '{{ item.Price|currency_format:"USD" }}',
        href: '{{ item.URL }}',
        imageUrl: '{{ item.ImageURL }}',
        repeat: { collection: 'event.Items', as: 'item' },
      },
      {
        type: 'button',
        text: 'Finish checkout',
        href: '{{ event.CheckoutURL|default:"https://shop.test/cart" }}',
        backgroundColor: '#000000',
      },
      {
        type: 'columns',
        columns: [{ blocks: [{ type: 'text', html: 'Left' }] }, { blocks: [{ type: 'text', html: 'Right' }] }],
      },
      { type: 'divider', color: '#cccccc' },
      { type: 'spacer', height: 24 },
      { type: 'social', links: [{ network: 'instagram', href: 'https://instagram.com/shop' }] },
      { type: 'html', html: '<p style="font-size:11px">{% organization_address %} · {% unsubscribe %}</p>' },
    ],
  }

  it('compiles the blocks through MJML', async () => {
    const out = await compileTemplate({ kind: 'SYSTEM_DRAGGABLE', definition })
    expect(out.errors).toEqual([])
    expect(out.definition?.styles.contentWidth).toBe(600)
    expect(out.html).toContain('src="https://shop.test/logo.png"')
    // the link color rule of <mj-style inline> is inlined into the text block's link
    expect(out.html).toMatch(/<a href="https:\/\/shop.test" style="color: #123456;">our shop<\/a>/)
    expect(out.html).toContain("{{ event.CheckoutURL|default:'https://shop.test/cart' }}")
    expect(out.html).toContain('href="https://instagram.com/shop"')
    const rendered = renderTemplate(
      out.html,
      {
        first_name: 'Ann',
        event: {
          Items: [
            { ProductName: 'Mug', Price: 9.5, URL: 'https://shop.test/mug', ImageURL: 'https://shop.test/mug.png' },
            { ProductName: 'Tea', Price: 4, URL: 'https://shop.test/tea' },
          ],
        },
      },
      { organization: { name: 'Shop', city: 'Town' }, links: () => 'https://app.test/u' },
    )
    expect(rendered).toContain('Hi Ann')
    expect(rendered).toContain('Mug')
    expect(rendered).toContain('$9.50')
    expect(rendered).toContain('$4.00')
    expect(rendered).toContain('href="https://shop.test/cart"')
    // The address alone: the footer's own text names the shop (it read 'Shop · Shop, Town').
    expect(rendered).toContain('<p style="font-size:11px">Town · ')
    expect(rendered).toContain('<a href="https://app.test/u">Unsubscribe</a>')
    expect(out.text).toContain('{% for item in event.Items %}')
    expect(out.text).toContain('Finish checkout')
  })

  it('reports an invalid definition by path', async () => {
    const out = await compileTemplate({
      kind: 'SYSTEM_DRAGGABLE',
      definition: { styles: {}, body: [{ type: 'button', text: '', href: 'javascript:alert(1)' }, { type: 'video' }] },
    })
    const paths = out.errors.map((e) => e.path)
    expect(paths).toEqual(
      expect.arrayContaining(['definition.body.0.text', 'definition.body.0.href', 'definition.body.1.type']),
    )
  })

  it('reports a template syntax error inside a block with its path, line and column', async () => {
    const out = await compileTemplate({
      kind: 'SYSTEM_DRAGGABLE',
      definition: {
        styles: {},
        body: [
          { type: 'text', html: 'ok' },
          { type: 'text', html: 'Hi\n{% if x %}' },
        ],
      },
    })
    expect(out.errors).toEqual([
      { message: 'Unclosed tag {% if x %}: it needs {% endif %}', line: 2, column: 1, path: 'definition.body.1.html' },
    ])
  })

  it('requires a definition', async () => {
    const out = await compileTemplate({ kind: 'SYSTEM_DRAGGABLE', html: '<p>x</p>' })
    expect(out.errors).toEqual([{ message: 'definition is required for SYSTEM_DRAGGABLE templates' }])
  })
})
