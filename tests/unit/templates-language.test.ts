/**
 * @jest-environment node
 */
// The vendor's Django-style template language: one table of (source, context, expected output).
import { renderTemplate } from '@/lib/templates/render-template'
import { validateTemplate } from '@/lib/templates/validate-template'
import { clearParsedTemplateCache, parsedTemplateCacheSize } from '@/lib/templates/parse-template'
import { TemplateRenderError, TemplateSyntaxError, type RenderTemplateOptions } from '@/lib/templates/template-types'

const ctx = {
  first_name: 'Ann',
  last_name: "o'neil",
  person: { email: 'ann@example.test', first_name: 'Ann' },
  organization: { name: 'Demo Store' },
  event: {
    Items: [
      { ProductName: 'Mug', Price: 9.5, Quantity: 2, Tags: ['kitchen', 'gift'] },
      { ProductName: 'Tea <Earl Grey>', Price: 4, Quantity: 1, Tags: [] },
      { ProductName: 'Café crème', Price: 12.25, Quantity: 3, Tags: ['drink'] },
    ],
    extra: { Total: 1234.5, Currency: 'EUR', Discount: 0 },
    'Order Total': 99.9,
    URL: 'https://shop.test/cart?a=1&b=2',
  },
  n0: 0,
  n1: 1,
  n2: 2,
  noneValue: null,
  emptyString: '',
  emptyList: [],
  emptyObject: {},
  html: '<b>bold</b> & "quotes"',
  words: 'Joel is a slug',
  title_text: "my FIRST post, they're 1st",
  float: 34.23234,
  floatInt: 34.0,
  floatHalf: 34.26,
  negSmall: -0.0001,
  big: 1234567.891,
  numString: '34.5',
  notNumber: 'abc',
  created: '2026-03-05T14:30:00Z',
  dateOnly: '2026-03-05',
  naive: '2026-07-04 23:15:00',
  unix: 1772721000,
  letters: ['a', 'b', 'c', 'd'],
  nums: [1, 2, 3],
  matrix: [
    [1, 2],
    [3, 4],
  ],
  flag: true,
  off: false,
  unicode: 'Zoë ❤ 日本',
  path: 'a b/c&d=é',
  fn: () => 'secret',
}

const links: RenderTemplateOptions['links'] = (kind) => `https://app.test/l/${kind}?t=abc&s=1`
const text: RenderTemplateOptions = { mode: 'text' }

type Row = [name: string, source: string, expected: string, options?: RenderTemplateOptions]

const rows: Row[] = [
  // variables, dotted paths and list indexes
  ['plain variable', '{{ first_name }}', 'Ann'],
  ['dotted path', '{{ person.email }}', 'ann@example.test'],
  ['organization name', '{{ organization.name }}', 'Demo Store'],
  ['list index then key', '{{ event.Items.0.ProductName }}', 'Mug'],
  ['second item', '{{ event.Items.1.Price }}', '4'],
  ['nested list index', '{{ matrix.1.0 }}', '3'],
  ['list in list item', '{{ event.Items.0.Tags.1 }}', 'gift'],
  ['event extra', '{{ event.extra.Total }}', '1234.5'],
  ['index past the end', '[{{ event.Items.9.ProductName }}]', '[]'],
  ['whitespace inside braces', '{{first_name}}|{{   first_name   }}', 'Ann|Ann'],
  ['lookup with a space in the key', '{{ event|lookup:"Order Total" }}', '99.9'],
  // missing and None
  ['missing variable', '[{{ missing }}]', '[]'],
  ['missing deep path', '[{{ missing.a.b.c }}]', '[]'],
  ['null prints nothing', '[{{ noneValue }}]', '[]'],
  ['missing var inside text', 'Hi {{ nobody }}!', 'Hi !'],
  ['filter on missing var', '[{{ missing|upper }}]', '[]'],
  // default / default_if_none
  ['default on missing', '{{ missing|default:"friend" }}', 'friend'],
  ['default on empty string', '{{ emptyString|default:"friend" }}', 'friend'],
  ['default on zero (Django: falsy)', '{{ n0|default:"none" }}', 'none'],
  ['default on empty list', '{{ emptyList|default:"none" }}', 'none'],
  ['default keeps a value', '{{ first_name|default:"friend" }}', 'Ann'],
  ['default with single quotes', "{{ missing|default:'pal' }}", 'pal'],
  ['default_if_none on None', '{{ noneValue|default_if_none:"n/a" }}', 'n/a'],
  ['default_if_none keeps empty string', '[{{ emptyString|default_if_none:"n/a" }}]', '[]'],
  ['default_if_none keeps zero', '{{ n0|default_if_none:"n/a" }}', '0'],
  // case filters
  ['upper', '{{ first_name|upper }}', 'ANN'],
  ['lower', '{{ person.email|upper|lower }}', 'ann@example.test'],
  ['title', '{{ title_text|title }}', 'My First Post, They&#x27;re 1st'],
  ['title with apostrophe name', '{{ last_name|title }}', "O'Neil", text],
  ['capfirst', '{{ words|lower|capfirst }}', 'Joel is a slug'],
  ['capfirst on lower', '{{ "hello world"|capfirst }}', 'Hello world'],
  // floatformat
  ['floatformat default', '{{ float|floatformat }}', '34.2'],
  ['floatformat default on whole number', '{{ floatInt|floatformat }}', '34'],
  ['floatformat default rounds', '{{ floatHalf|floatformat }}', '34.3'],
  ['floatformat:2', '{{ float|floatformat:2 }}', '34.23'],
  ['floatformat:2 pads', '{{ floatInt|floatformat:2 }}', '34.00'],
  ['floatformat:"-2" no fraction', '{{ floatInt|floatformat:"-2" }}', '34'],
  ['floatformat:-2 with fraction', '{{ floatHalf|floatformat:-2 }}', '34.26'],
  ['floatformat:"-3" pads when fractional', '{{ floatHalf|floatformat:"-3" }}', '34.260'],
  ['floatformat:0 rounds half up', '{{ 2.5|floatformat:0 }}', '3'],
  ['floatformat 1.005 to 2 (decimal, not binary)', '{{ 1.005|floatformat:2 }}', '1.01'],
  ['floatformat no negative zero', '{{ negSmall|floatformat:2 }}', '0.00'],
  ['floatformat grouping', '{{ big|floatformat:"2g" }}', '1,234,567.89'],
  ['floatformat numeric string', '{{ numString|floatformat:2 }}', '34.50'],
  ['floatformat not a number', '[{{ notNumber|floatformat }}]', '[]'],
  // date, in the render's zone
  ['date F j, Y', '{{ created|date:"F j, Y" }}', 'March 5, 2026'],
  ['date in New York', '{{ created|date:"Y-m-d H:i T" }}', '2026-03-05 09:30 EST', { timeZone: 'America/New_York' }],
  ['date crosses midnight in Tokyo', '{{ naive|date:"D, N jS" }}', 'Sun, July 5th', { timeZone: 'Asia/Tokyo' }],
  ['date 12-hour and a.m.', '{{ created|date:"g:i a" }}', '2:30 p.m.'],
  ['date P', '{{ created|date:"P" }}', '2:30 p.m.'],
  ['date default format', '{{ created|date }}', 'March 5, 2026'],
  [
    'date-only stays the calendar day',
    '{{ dateOnly|date:"l, F j" }}',
    'Thursday, March 5',
    { timeZone: 'America/Los_Angeles' },
  ],
  ['date from unix seconds', '{{ unix|date:"Y-m-d" }}', '2026-03-05'],
  ['date escaped character', '{{ created|date:"jS \\o\\f F" }}', '5th of March'],
  ['date ISO c with offset', '{{ created|date:"c" }}', '2026-03-05T15:30:00+01:00', { timeZone: 'Europe/Berlin' }],
  ['date German month', '{{ created|date:"j. F Y" }}', '5. März 2026', { locale: 'de-DE' }],
  ['date of a non-date', '[{{ notNumber|date:"Y" }}]', '[]'],
  // truncation
  ['truncatechars', '{{ words|truncatechars:7 }}', 'Joel i…'],
  ['truncatechars short enough', '{{ words|truncatechars:20 }}', 'Joel is a slug'],
  ['truncatechars counts unicode', '{{ unicode|truncatechars:4 }}', 'Zoë…'],
  ['truncatewords', '{{ words|truncatewords:2 }}', 'Joel is …'],
  ['truncatewords short enough', '{{ words|truncatewords:9 }}', 'Joel is a slug'],
  // pluralize
  ['pluralize 2', '{{ n2 }} item{{ n2|pluralize }}', '2 items'],
  ['pluralize 1', '{{ n1 }} item{{ n1|pluralize }}', '1 item'],
  ['pluralize 0', 'item{{ n0|pluralize }}', 'items'],
  ['pluralize es', 'walrus{{ n2|pluralize:"es" }}', 'walruses'],
  ['pluralize y,ies', 'cherr{{ n2|pluralize:"y,ies" }} / cherr{{ n1|pluralize:"y,ies" }}', 'cherries / cherry'],
  ['pluralize a list', 'item{{ event.Items|pluralize }}', 'items'],
  // striptags, length, join, slice, add, urlencode
  ['striptags', '{{ "<p>Hi <b>there</b></p>"|striptags }}', 'Hi there'],
  ['length of a list', '{{ event.Items|length }}', '3'],
  ['length of a string (unicode)', '{{ unicode|length }}', '8'],
  ['length of missing', '{{ missing|length }}', '0'],
  ['join', '{{ letters|join:", " }}', 'a, b, c, d'],
  ['slice :2', '{{ letters|slice:":2"|join:"" }}', 'ab'],
  ['slice 1:', '{{ letters|slice:"1:"|join:"" }}', 'bcd'],
  ['slice -2:', '{{ letters|slice:"-2:"|join:"" }}', 'cd'],
  ['slice ::2', '{{ letters|slice:"::2"|join:"" }}', 'ac'],
  ['slice a string', '{{ words|slice:"5:7" }}', 'is'],
  ['add integers', '{{ n2|add:3 }}', '5'],
  ['add integer string', '{{ "4"|add:"6" }}', '10'],
  ['add strings', '{{ first_name|add:"!" }}', 'Ann!'],
  ['add lists then join', '{{ letters|add:nums|join:"" }}', 'abcd123'],
  ['urlencode', '{{ path|urlencode }}', 'a%20b/c%26d%3D%C3%A9'],
  ['urlencode no safe chars', '{{ path|urlencode:"" }}', 'a%20b%2Fc%26d%3D%C3%A9'],
  // currency
  ['currency_format USD', '{{ event.extra.Total|currency_format:"USD" }}', '$1,234.50'],
  ['currency_format EUR in de-DE', '{{ event.extra.Total|currency_format:"EUR,de-DE" }}', '1.234,50\u00a0€'],
  ['currency_format two arguments', '{{ 5|currency_format:"GBP","en-GB" }}', '£5.00'],
  ['currency_format default currency', '{{ 5|currency_format }}', '5,00\u00a0€', { currency: 'EUR', locale: 'fr-FR' }],
  // if / elif / else and operators
  ['if true', '{% if first_name %}yes{% endif %}', 'yes'],
  ['if missing', '{% if missing %}yes{% else %}no{% endif %}', 'no'],
  ['if empty list is false (Django)', '{% if emptyList %}yes{% else %}no{% endif %}', 'no'],
  ['if empty object is false', '{% if emptyObject %}yes{% else %}no{% endif %}', 'no'],
  ['if zero is false', '{% if n0 %}yes{% else %}no{% endif %}', 'no'],
  ['elif', '{% if n0 %}a{% elif n2 == 2 %}b{% else %}c{% endif %}', 'b'],
  ['==', '{% if first_name == "Ann" %}y{% endif %}', 'y'],
  ['!=', '{% if first_name != "Bob" %}y{% endif %}', 'y'],
  ['< and >', '{% if n1 < n2 and n2 > n1 %}y{% endif %}', 'y'],
  ['<= and >=', '{% if n1 <= 1 and n2 >= 3 %}y{% else %}n{% endif %}', 'n'],
  ['and/or precedence: and binds tighter', '{% if n1 or n0 and n0 %}y{% else %}n{% endif %}', 'y'],
  ['and/or precedence: (a and b) or c', '{% if n0 and n0 or n1 %}y{% else %}n{% endif %}', 'y'],
  ['and/or precedence: a and b or c and d', '{% if n1 and n0 or n2 and n1 %}y{% else %}n{% endif %}', 'y'],
  ['not', '{% if not missing %}y{% endif %}', 'y'],
  ['not inside or', '{% if n0 or not n1 and n2 %}y{% else %}n{% endif %}', 'n'],
  ['in a list', '{% if "gift" in event.Items.0.Tags %}y{% endif %}', 'y'],
  ['in a string', '{% if "slug" in words %}y{% endif %}', 'y'],
  ['not in', '{% if "z" not in letters %}y{% endif %}', 'y'],
  ['filter inside a condition', '{% if event.Items|length > 2 %}many{% endif %}', 'many'],
  ['True and None literals', '{% if flag == True and noneValue == None %}y{% endif %}', 'y'],
  // for
  [
    'for with counter',
    '{% for i in event.Items %}{{ forloop.counter }}.{{ i.ProductName }} {% endfor %}',
    '1.Mug 2.Tea &lt;Earl Grey&gt; 3.Café crème ',
  ],
  ['forloop.counter0', '{% for l in letters %}{{ forloop.counter0 }}{% endfor %}', '0123'],
  [
    'forloop.first and last',
    '{% for l in letters %}{% if forloop.first %}[{% endif %}{{ l }}{% if forloop.last %}]{% endif %}{% endfor %}',
    '[abcd]',
  ],
  [
    'forloop.last in a join',
    '{% for l in letters %}{{ l }}{% if not forloop.last %}, {% endif %}{% endfor %}',
    'a, b, c, d',
  ],
  ['forloop.revcounter', '{% for l in letters %}{{ forloop.revcounter }}{% endfor %}', '4321'],
  ['for empty', '{% for x in emptyList %}x{% empty %}nothing{% endfor %}', 'nothing'],
  ['for over missing', '{% for x in missing %}x{% empty %}nothing{% endfor %}', 'nothing'],
  ['for reversed', '{% for l in letters reversed %}{{ l }}{% endfor %}', 'dcba'],
  ['for over a filtered list', '{% for l in letters|slice:":2" %}{{ l }}{% endfor %}', 'ab'],
  ['nested loops', '{% for row in matrix %}{% for c in row %}{{ c }}{% endfor %};{% endfor %}', '12;34;'],
  [
    'nested loop with outer item',
    '{% for i in event.Items %}{% for t in i.Tags %}{{ i.Quantity }}{{ t }} {% endfor %}{% endfor %}',
    '2kitchen 2gift 3drink ',
  ],
  [
    'empty inside if inside for',
    '{% for i in event.Items %}{% if i.Tags %}{{ i.Tags.0 }}{% else %}-{% endif %}{% endfor %}',
    'kitchen-drink',
  ],
  // with
  ['with a=b', '{% with total=event.extra.Total %}{{ total|floatformat:2 }}{% endwith %}', '1234.50'],
  ['with two names and a filter', '{% with a=first_name|upper b=n2 %}{{ a }}{{ b }}{% endwith %}', 'ANN2'],
  ['with b as a', '{% with person.email as e %}{{ e }}{% endwith %}', 'ann@example.test'],
  ['with ends its scope', '{% with x=first_name %}{% endwith %}[{{ x }}]', '[]'],
  // comments
  ['{# #} comment', 'a{# hidden {{ first_name }} #}b', 'ab'],
  ['comment block', 'a{% comment %}hidden {% if %} {{ broken {% endcomment %}b', 'ab'],
  ['comment block across lines', 'a{% comment "note" %}\nline\n{% endcomment %}b', 'ab'],
  // escaping
  ['HTML escaped in html mode', '{{ html }}', '&lt;b&gt;bold&lt;/b&gt; &amp; &quot;quotes&quot;'],
  ['safe opts out', '{{ html|safe }}', '<b>bold</b> & "quotes"'],
  ['no escaping in text mode', '{{ html }}', '<b>bold</b> & "quotes"', text],
  ['escape does not double-escape', '{{ html|escape }}', '&lt;b&gt;bold&lt;/b&gt; &amp; &quot;quotes&quot;'],
  ['apostrophe escaped like Django', '{{ last_name }}', 'o&#x27;neil'],
  ['literal HTML is not escaped', '<p>{{ first_name }}</p>', '<p>Ann</p>'],
  ['unicode passes through', '{{ unicode }} – ✓', 'Zoë ❤ 日本 – ✓'],
  ['linebreaksbr', '{{ "a\nb"|linebreaksbr }}', 'a<br>b'],
  // vendor tags
  [
    'unsubscribe',
    '{% unsubscribe %}',
    '<a href="https://app.test/l/unsubscribe?t=abc&amp;s=1">Unsubscribe</a>',
    { links },
  ],
  [
    'unsubscribe with text',
    "{% unsubscribe 'Click here' %}",
    '<a href="https://app.test/l/unsubscribe?t=abc&amp;s=1">Click here</a>',
    { links },
  ],
  [
    'unsubscribe_link',
    '<a href="{% unsubscribe_link %}">x</a>',
    '<a href="https://app.test/l/unsubscribe?t=abc&amp;s=1">x</a>',
    { links },
  ],
  [
    'unsubscribe in text mode',
    '{% unsubscribe %}',
    'Unsubscribe (https://app.test/l/unsubscribe?t=abc&s=1)',
    { links, mode: 'text' },
  ],
  [
    'manage_preferences',
    '{% manage_preferences %}',
    '<a href="https://app.test/l/manage_preferences?t=abc&amp;s=1">Manage preferences</a>',
    { links },
  ],
  [
    'manage_preferences_link',
    '{% manage_preferences_link %}',
    'https://app.test/l/manage_preferences?t=abc&s=1',
    { links, mode: 'text' },
  ],
  [
    'web_view',
    "{% web_view 'View online' %}",
    '<a href="https://app.test/l/web_view?t=abc&amp;s=1">View online</a>',
    { links },
  ],
  ['links without a builder (preview)', '{% unsubscribe_link %}', '#'],
  [
    'organization.full_address',
    '{{ organization.full_address }}',
    '1 Main St, Springfield, IL 62701, United States',
    {
      organization: {
        name: 'Demo Store',
        address1: '1 Main St',
        city: 'Springfield',
        region: 'IL',
        postalCode: '62701',
        country: 'United States',
      },
    },
  ],
  [
    'organization_address tag escapes',
    '{% organization_address %}',
    'Rue 1 &amp; 2, Paris',
    { organization: { name: 'A & B', address1: 'Rue 1 & 2', city: 'Paris' } },
  ],
  // The footer names the organization once (issue 30 §8: it read "Demo Store · Demo Store").
  [
    'footer: name then address',
    '{{ organization.name }} · {% organization_address %}',
    'Demo Store · 1 Main St, Springfield',
    { organization: { name: 'Demo Store', address1: '1 Main St', city: 'Springfield' } },
  ],
  ['now tag', '{% now "Y" %}', '2030', { now: new Date('2030-06-01T00:00:00Z') }],
  // security: no prototype properties or functions
  ['no constructor', '[{{ person.constructor }}{{ first_name.constructor.name }}]', '[]'],
  ['no __proto__', '[{{ person.__proto__ }}]', '[]'],
  ['no toString', '[{{ person.toString }}{{ letters.map }}]', '[]'],
  ['functions in the context are dropped', '[{{ fn }}]', '[]'],
  ['lookup of a prototype key', '[{{ person|lookup:"hasOwnProperty" }}]', '[]'],
]

describe('template language', () => {
  it('has at least 80 cases', () => {
    expect(rows.length).toBeGreaterThanOrEqual(80)
  })

  // (...row): a callback with more parameters than a row's columns would be taken for done()
  it.each(rows)('%s', (...row) => {
    const [, source, expected, options] = row
    expect(renderTemplate(source, ctx, options)).toBe(expected)
  })
})

describe('syntax errors', () => {
  const errors: [source: string, message: RegExp, line: number, column: number][] = [
    ['Hello\n{% if first_name %}\nno end', /Unclosed tag \{% if first_name %\}/, 2, 1],
    ['a\n  {{ x|nosuchfilter }}', /Unknown filter 'nosuchfilter'/, 2, 3],
    ['{{ x', /not closed/, 1, 1],
    ['ok\n\n   {% comment %} never closed', /Unclosed tag 'comment'/, 3, 4],
    ['{% for %}{% endfor %}', /Invalid tag/, 1, 1],
    ['line 1\nline 2 {% frobnicate %}', /Unknown tag 'frobnicate'/, 2, 8],
    ["{% include 'secrets.html' %}", /Unknown tag 'include'/, 1, 1],
    ['{% with %}{% endwith %}', /with/, 1, 1],
    ['{% empty %}', /Unknown tag 'empty'/, 1, 1],
  ]
  it.each(errors)('%j', (...row) => {
    const [source, message, line, column] = row
    const result = validateTemplate(source)
    expect(result.valid).toBe(false)
    expect(result.errors[0]).toEqual({ message: expect.stringMatching(message), line, column })
    expect(() => renderTemplate(source, {})).toThrow(TemplateSyntaxError)
  })

  it('accepts a valid template', () => {
    expect(validateTemplate('Hi {{ first_name|default:"friend" }} {% if x %}{% endif %}')).toEqual({
      valid: true,
      errors: [],
    })
  })

  it('rejects a template over 1 MB', () => {
    const result = validateTemplate('x'.repeat(1024 * 1024 + 1))
    expect(result.valid).toBe(false)
    expect(result.errors[0].message).toMatch(/limit is 1 MB/)
  })
})

describe('parsed-template cache', () => {
  it('parses a template once for many renders', () => {
    clearParsedTemplateCache()
    const source = 'Hi {{ first_name }} #{{ n }}'
    for (let n = 0; n < 50; n++) expect(renderTemplate(source, { first_name: 'Ann', n })).toBe(`Hi Ann #${n}`)
    expect(parsedTemplateCacheSize('html')).toBe(1)
  })

  it('stays bounded', () => {
    clearParsedTemplateCache()
    for (let i = 0; i < 600; i++) renderTemplate(`{{ x }}${i}`, {})
    expect(parsedTemplateCacheSize('html')).toBeLessThanOrEqual(500)
  })

  it('keeps html and text renders of one source apart', () => {
    const source = '{{ v }}'
    expect(renderTemplate(source, { v: '<i>' })).toBe('&lt;i&gt;')
    expect(renderTemplate(source, { v: '<i>' }, { mode: 'text' })).toBe('<i>')
  })
})

describe('limits', () => {
  it('stops a template that loops over a huge range instead of exhausting memory', () => {
    const started = Date.now()
    expect(() => renderTemplate('{% for i in (1..100000000) %}x{% endfor %}', {})).toThrow(TemplateRenderError)
    expect(Date.now() - started).toBeLessThan(2000)
  })
})
