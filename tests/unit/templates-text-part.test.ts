// The text part from the HTML template converted once reads as the rendered HTML converted per recipient.
import { htmlToPlainText } from '@/lib/templates/html-to-plain-text'
import { renderTemplate } from '@/lib/templates/render-template'
import { textTemplateOf } from '@/lib/templates/text-part-template'

const source = `<html><body><h1>Hello {{ first_name|default:"friend" }},</h1>
<p>Your {{ items|length }} item{{ items|length|pluralize }}{% if city %} in {{ city }}{% endif %}:</p>
<table>{% for p in items %}<tr><td><a href="https://shop.test/p/{{ p.id }}">{{ p.name }}</a> – {{ p.price|floatformat:2 }}</td></tr>{% empty %}<tr><td>Nothing yet</td></tr>{% endfor %}</table>
<p>Tom &amp; Jerry's shop</p></body></html>`

describe('textTemplateOf', () => {
  it.each([
    [
      {
        first_name: 'Ada',
        city: 'Paris',
        items: [
          { id: 1, name: 'Tea <Earl Grey>', price: 4.5 },
          { id: 2, name: 'Mug & spoon', price: 12 },
        ],
      },
    ],
    [{ items: [] }],
  ])('renders the same words as converting the rendered HTML (%#)', (context) => {
    const text = textTemplateOf(source)
    expect(text).not.toBeNull()
    const derived = renderTemplate(text!, context, { mode: 'text' }).trim()
    const converted = htmlToPlainText(renderTemplate(source, context, { mode: 'html' }))
    const words = (s: string) => s.split(/\s+/).filter(Boolean)
    expect(words(derived)).toEqual(words(converted))
    expect(derived).toContain("Tom & Jerry's shop")
  })

  it('gives null when the converted text does not parse, so the caller converts per recipient', () => {
    expect(textTemplateOf('<p class="{% if vip %}">Hi</p><p>{% endif %}</p>')).toBeNull()
  })
})
