// The email bodies of the flow templates: plain HTML in the template language (Django-style
// tags, rendered by lib/templates), with the profile's first name, the triggering event's items
// where there are some, the organization's address and the unsubscribe link every marketing
// email must carry. Text is English: merchants edit it in the template editor.

export const wrap = (title: string, body: string) => `<!DOCTYPE html>
<html>
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:Helvetica,Arial,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px 32px 8px;font-size:20px;font-weight:bold">{{ organization.name }}</td></tr>
<tr><td style="padding:8px 32px 24px;font-size:16px;line-height:1.5">
${body}
</td></tr>
<tr><td style="padding:16px 32px 24px;border-top:1px solid #e4e4e7;font-size:12px;line-height:1.5;color:#71717a;text-align:center">
{{ organization.name }} · {% organization_address %}<br>
You receive this email because you are a customer of {{ organization.name }}.<br>
<a href="{% unsubscribe_link %}" style="color:#71717a">Unsubscribe</a> · <a href="{% manage_preferences_link %}" style="color:#71717a">Manage preferences</a>
</td></tr>
</table>
</td></tr></table>
</body>
</html>
`

const button = (href: string, label: string) =>
  `<p style="margin:24px 0;text-align:center"><a href="${href}" style="display:inline-block;padding:12px 24px;background:#18181b;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${label}</a></p>`

/** The rows of the triggering event's Items (Started Checkout, Placed Order). */
const eventItems = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:16px 0;border-collapse:collapse">
{% for item in event.Items %}
<tr>
<td width="80" style="padding:8px 0;border-bottom:1px solid #e4e4e7">{% if item.ImageURL %}<img src="{{ item.ImageURL }}" alt="{{ item.ProductName }}" width="64" style="display:block;border-radius:4px">{% endif %}</td>
<td style="padding:8px;border-bottom:1px solid #e4e4e7"><a href="{{ item.ProductURL|default:event.CheckoutURL }}" style="color:#18181b">{{ item.ProductName }}</a><br><span style="color:#71717a">Quantity: {{ item.Quantity|default:1 }}</span></td>
<td align="right" style="padding:8px 0;border-bottom:1px solid #e4e4e7">{{ item.RowTotal|default:item.ItemPrice }}</td>
</tr>
{% endfor %}
</table>`

export const checkoutReminderHtml = wrap(
  'Your cart is waiting',
  `<h1 style="font-size:24px;margin:0 0 16px">You left something behind</h1>
<p>Hi {{ first_name|default:'there' }}, you started checking out but did not finish. Your items are still waiting for you:</p>
${eventItems}
${button('{{ event.CheckoutURL|default:organization.url }}', 'Return to your cart')}
<p>Questions about your order? Just reply to this email.</p>`,
)

export const checkoutLastCallHtml = wrap(
  'Still thinking it over?',
  `<h1 style="font-size:24px;margin:0 0 16px">Still thinking it over?</h1>
<p>Hi {{ first_name|default:'there' }}, we saved your cart, but we cannot hold it forever. Here is what you picked:</p>
${eventItems}
${button('{{ event.CheckoutURL|default:organization.url }}', 'Complete your order')}`,
)

export const browseHtml = wrap(
  'Still looking?',
  `<h1 style="font-size:24px;margin:0 0 16px">Still looking, {{ first_name|default:'there' }}?</h1>
<p>You recently looked at <strong>{{ event.ProductName|default:'one of our products' }}</strong>. It is still here if you want another look.</p>
{% if event.ImageURL %}<p style="text-align:center"><img src="{{ event.ImageURL }}" alt="{{ event.ProductName }}" width="280" style="max-width:100%;border-radius:6px"></p>{% endif %}
${button('{{ event.URL|default:organization.url }}', 'Take another look')}`,
)

export const backInStockHtml = wrap(
  "It's back in stock",
  `<h1 style="font-size:24px;margin:0 0 16px">Good news: it's back</h1>
<p>Hi {{ first_name|default:'there' }}, <strong>{{ event.ProductName|default:'the item you asked about' }}</strong> is back in stock. Popular items go fast, so do not wait too long.</p>
${button('{{ event.URL|default:organization.url }}', 'Shop now')}`,
)

export const thankYouHtml = wrap(
  'Thank you for your order',
  `<h1 style="font-size:24px;margin:0 0 16px">Thank you, {{ first_name|default:'there' }}!</h1>
<p>We are grateful you chose {{ organization.name }}. Here is what you ordered:</p>
${eventItems}
<p>We will let you know as soon as it ships. If anything is not right, just reply to this email.</p>`,
)

export const birthdayHtml = wrap(
  'Happy birthday',
  `<h1 style="font-size:24px;margin:0 0 16px">Happy birthday, {{ first_name|default:'there' }}!</h1>
<p>Everyone at {{ organization.name }} wishes you a wonderful day. To celebrate, treat yourself to something you love.</p>
${button('{{ organization.url }}', 'Celebrate with us')}`,
)

export const lowInventoryHtml = wrap(
  'Almost gone',
  `<h1 style="font-size:24px;margin:0 0 16px">Almost gone</h1>
<p>Hi {{ first_name|default:'there' }}, <strong>{{ event.ProductName|default:'an item you looked at' }}</strong> is selling out and only a few are left.</p>
${button('{{ event.URL|default:organization.url }}', 'Get it before it is gone')}`,
)

export const priceDropHtml = wrap(
  'Price drop',
  `<h1 style="font-size:24px;margin:0 0 16px">The price just dropped</h1>
<p>Hi {{ first_name|default:'there' }}, good timing: <strong>{{ event.ProductName|default:'an item you looked at' }}</strong> now costs less than when you last saw it.</p>
${button('{{ event.URL|default:organization.url }}', 'See the new price')}`,
)

export const welcomeHtml = wrap(
  'Welcome',
  `<h1 style="font-size:24px;margin:0 0 16px">Welcome, {{ first_name|default:'there' }}!</h1>
<p>Thank you for joining {{ organization.name }}. You will be the first to hear about new arrivals, restocks and offers for subscribers only.</p>
${button('{{ organization.url }}', 'Start shopping')}`,
)

export const welcomeStoryHtml = wrap(
  'Our story',
  `<h1 style="font-size:24px;margin:0 0 16px">Why we started {{ organization.name }}</h1>
<p>Hi {{ first_name|default:'there' }}, we make things we want to use every day, in small batches, and we stand behind every one of them.</p>
${button('{{ organization.url }}', 'See what is new')}`,
)

export const welcomeBestSellersHtml = wrap(
  'Our best sellers',
  `<h1 style="font-size:24px;margin:0 0 16px">The favourites</h1>
<p>Hi {{ first_name|default:'there' }}, not sure where to start? These are the pieces our customers come back for.</p>
${button('{{ organization.url }}', 'Shop best sellers')}`,
)

export const winBackHtml = wrap(
  'We miss you',
  `<h1 style="font-size:24px;margin:0 0 16px">It has been a while, {{ first_name|default:'there' }}</h1>
<p>A lot has changed at {{ organization.name }} since your last order: new arrivals, restocks and a few favourites back in new colours.</p>
${button('{{ organization.url }}', 'See what is new')}`,
)

export const winBackLastHtml = wrap(
  'Still with us?',
  `<h1 style="font-size:24px;margin:0 0 16px">Still with us?</h1>
<p>Hi {{ first_name|default:'there' }}, we would love to see you again. Here is what other customers are loving right now.</p>
${button('{{ organization.url }}', 'Come back and shop')}`,
)
