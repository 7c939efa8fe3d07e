// Template rendering throughput (issue 8 §1): renders/s of renderTemplate on a realistic order
// email (the vendor's Django-style language, autoescaped HTML, a loop over event items) for
// 10,000 recipient contexts, beside a baseline in the same run: a bare LiquidJS engine rendering
// the equivalent plain-Liquid template, parsed once. Both sides render from a parsed template.
//
//   npx tsx bench/templates.mts [--quick] [--contexts 10000]
//
// No database: the same on either engine (run-all runs it once, engine "—").
// Target: ratio ≥ 0.5 (the compatibility layer costs at most half the engine's speed).
// Prints a final `BENCH_RESULT {json}` line for bench/run-all.mjs.
import { Liquid } from 'liquidjs'
import { renderTemplate } from '../lib/templates/render-template'
import { arg, fmtInt, machine, report } from './lib/common.mjs'

const CONTEXTS = arg('contexts', 10_000, 2_000)

const head = `<!doctype html><html><head><meta charset="utf-8"><title>Your order</title>
<style>body{font-family:Helvetica,Arial,sans-serif;color:#222}.item td{padding:8px;border-bottom:1px solid #eee}</style></head><body>
<table width="600" align="center" cellpadding="0" cellspacing="0"><tr><td><img src="https://shop.test/logo.png" alt="Shop" width="160"></td></tr>`

const django = `${head}
<tr><td><h1>Thanks for your order, {{ person.first_name|default:"friend" }}!</h1>
<p>Order {{ event.OrderId }} · {{ event.Items|length }} item{{ event.Items|pluralize }}</p></td></tr>
<tr><td><table class="items">{% for item in event.Items %}
<tr class="item"><td>{{ forloop.counter }}.</td><td><a href="{{ item.URL }}">{{ item.ProductName|truncatechars:40 }}</a>{% if item.Quantity > 1 %} × {{ item.Quantity }}{% endif %}</td>
<td align="right">{{ item.Price|floatformat:2 }}</td></tr>{% empty %}<tr><td>No items</td></tr>{% endfor %}
</table></td></tr>
<tr><td>{% if event.Discount %}<p>You saved {{ event.Discount|floatformat:2 }}.</p>{% else %}<p>Total {{ event.Total|floatformat:2 }}</p>{% endif %}
<p>Ships to {{ person.location.city|default:"your address" }}.</p>
<p>{% unsubscribe %} · {{ organization.full_address }}</p></td></tr></table></body></html>`

const liquid = `${head}
<tr><td><h1>Thanks for your order, {{ person.first_name | default: "friend" }}!</h1>
<p>Order {{ event.OrderId }} · {{ event.Items | size }} item{% if event.Items.size != 1 %}s{% endif %}</p></td></tr>
<tr><td><table class="items">{% for item in event.Items %}
<tr class="item"><td>{{ forloop.index }}.</td><td><a href="{{ item.URL }}">{{ item.ProductName | truncate: 40 }}</a>{% if item.Quantity > 1 %} × {{ item.Quantity }}{% endif %}</td>
<td align="right">{{ item.Price | round: 2 }}</td></tr>{% else %}<tr><td>No items</td></tr>{% endfor %}
</table></td></tr>
<tr><td>{% if event.Discount and event.Discount != 0 %}<p>You saved {{ event.Discount | round: 2 }}.</p>{% else %}<p>Total {{ event.Total | round: 2 }}</p>{% endif %}
<p>Ships to {{ person.location.city | default: "your address" }}.</p>
<p><a href="{{ unsubscribe_url }}">Unsubscribe</a> · {{ organization.full_address }}</p></td></tr></table></body></html>`

const products = ['Mug', 'Tea <Earl Grey>', 'Café crème', 'Teapot', 'Kettle', 'Spoon set', 'Biscuits & jam']
function makeContext(i: number) {
  const items = Array.from({ length: 1 + (i % 6) }, (_, k) => ({
    ProductName: products[(i + k) % products.length],
    Price: 3 + ((i * 7 + k * 13) % 90) + 0.25,
    Quantity: 1 + ((i + k) % 3),
    URL: `https://shop.test/p/${(i + k) % 500}`,
  }))
  return {
    person: {
      first_name: i % 10 === 0 ? '' : `Customer${i}`,
      email: `c${i}@example.test`,
      location: { city: i % 3 ? 'Springfield' : null },
    },
    event: {
      OrderId: `#${100000 + i}`,
      Items: items,
      Total: items.reduce((s, x) => s + x.Price * x.Quantity, 0),
      Discount: i % 4 === 0 ? 5 : 0,
    },
  }
}
const contexts = Array.from({ length: CONTEXTS }, (_, i) => makeContext(i))
const organization = {
  name: 'Demo Store',
  address1: '1 Main St',
  city: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  country: 'United States',
}
const links = (kind: string) => `https://app.test/l/${kind}?t=abc`

function timeIt(fn: (i: number) => string): { perSecond: number; bytes: number } {
  for (let i = 0; i < 300; i++) fn(i % contexts.length) // warm-up (JIT, parse cache)
  let bytes = 0
  const t0 = process.hrtime.bigint()
  for (let i = 0; i < contexts.length; i++) bytes += fn(i).length
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9
  return { perSecond: contexts.length / seconds, bytes }
}

// ---- ours: renderTemplate (cache lookup, context copy, Django layer, autoescape) ----
const ours = timeIt((i) => renderTemplate(django, contexts[i], { organization, links, timeZone: 'America/New_York' }))

// ---- baseline: bare LiquidJS, template parsed once, same escaping of output ----
const engine = new Liquid({ outputEscape: 'escape' })
const parsed = engine.parse(liquid)
const fullAddress = 'Demo Store, 1 Main St, Springfield, IL 62701, United States'
const baseline = timeIt(
  (i) =>
    engine.renderSync(parsed, {
      ...contexts[i],
      organization: { full_address: fullAddress },
      unsubscribe_url: links('unsubscribe'),
    }) as string,
)

const ratio = ours.perSecond / baseline.perSecond
console.log(`Machine: ${machine()}`)
console.log(
  `Templates: ${CONTEXTS.toLocaleString('en-US')} contexts, order email with 1–6 items (about ${Math.round(ours.bytes / CONTEXTS / 100) / 10} kB rendered)`,
)
console.log(`  renderTemplate (Django-style):  ${Math.round(ours.perSecond).toLocaleString('en-US')} renders/s`)
console.log(`  baseline (bare LiquidJS):       ${Math.round(baseline.perSecond).toLocaleString('en-US')} renders/s`)
console.log(`  ratio ${ratio.toFixed(2)} (target ≥ 0.5)`)
report(
  'templates',
  'none',
  [
    {
      figure: 'templates',
      what: `renderTemplate, order email, ${fmtInt(CONTEXTS)} contexts`,
      ours: `${fmtInt(ours.perSecond)} renders/s`,
      baseline: `${fmtInt(baseline.perSecond)} renders/s (bare LiquidJS)`,
      ratio: Number(ratio.toFixed(2)),
      target: '≥ 0.5',
      met: ratio >= 0.5,
    },
  ],
  { rendersPerSecond: Math.round(ours.perSecond), baselineRendersPerSecond: Math.round(baseline.perSecond) },
)
