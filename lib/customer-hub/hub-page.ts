// The shopper's page, GET /hub/{publicKey}: one HTML document whose small script signs in by code
// and reads the JSON endpoints beside it. Everything a shopper or a store sent is put into the
// page with textContent (never innerHTML), and merchant text in the server HTML only through
// esc(), so no order line, FAQ answer or reason can run as markup. The script carries the nonce
// of the page policy the proxy set (script-src 'nonce-…' 'strict-dynamic').
import { createTranslator } from 'next-intl'
import { esc } from '@/lib/growth/hosted-page-html'
import { loadMessages } from '@/lib/i18n/load-messages'
import { localeFromAcceptLanguage, resolveLocale } from '@/lib/i18n/locales'
import type { HubCompany } from './hub-route'
import type { HubSettingsView } from './hub-settings'

const nonceOf = (req: Request) => req.headers.get('content-security-policy')?.match(/'nonce-([^']+)'/)?.[1] ?? ''

// The page's words, in the shopper's language (messages/*.json, customerHubPage; English fallback).
const KEYS = [
  'signIn',
  'emailLabel',
  'sendCode',
  'codeLabel',
  'verify',
  'codeSent',
  'orders',
  'noOrders',
  'reorder',
  'track',
  'startReturn',
  'reason',
  'returnStarted',
  'viewed',
  'faq',
  'contact',
  'subject',
  'message',
  'send',
  'sent',
  'signOut',
  'error',
  'chatTitle',
  'chatPlaceholder',
  'recommended',
] as const
// The wishlist's words (reviewsExtras.hub: added with the wishlist, issue 24).
const WISHLIST_KEYS = ['wishlist', 'wishlistEmpty', 'removeFromWishlist'] as const
type Text = Record<(typeof KEYS)[number] | (typeof WISHLIST_KEYS)[number], string>

async function pageText(req: Request): Promise<{ locale: string; text: Text }> {
  const header = req.headers.get('accept-language')
  const locale = header ? localeFromAcceptLanguage(header) : resolveLocale(undefined)
  const messages = await loadMessages(locale)
  const t = createTranslator({
    locale,
    messages: messages as never,
    namespace: 'customerHubPage' as never,
  }) as unknown as (k: string) => string
  const w = createTranslator({
    locale,
    messages: messages as never,
    namespace: 'reviewsExtras.hub' as never,
  }) as unknown as (k: string) => string
  return {
    locale,
    text: Object.fromEntries([...KEYS.map((k) => [k, t(k)]), ...WISHLIST_KEYS.map((k) => [k, w(k)])]) as Text,
  }
}

// The merchant picks a font family from a closed list, so no merchant text reaches the CSS.
const FONTS: Record<HubSettingsView['design']['font'], string> = {
  system: 'system-ui,sans-serif',
  serif: 'Georgia,serif',
  rounded: "ui-rounded,'Nunito',system-ui,sans-serif",
  mono: 'ui-monospace,monospace',
}

export async function hubPage(req: Request, company: HubCompany, s: HubSettingsView): Promise<Response> {
  const nonce = nonceOf(req)
  const { locale, text: TEXT } = await pageText(req)
  const base = `/hub/${encodeURIComponent(company.publicKey)}`
  const faq = s.faq
    .map((f) => `<details><summary>${esc(f.question)}</summary><p>${esc(f.answer)}</p></details>`)
    .join('')
  const blocks = s.content.blocks
    .map((b) => `<section><h2>${esc(b.title)}</h2><p>${esc(b.body)}</p></section>`)
    .join('')
  const f = s.features
  const show = (on: boolean) => (on ? '' : ' hidden')
  const logo = s.design.logoUrl ? `<img src="${esc(s.design.logoUrl)}" alt="" style="max-height:48px">` : ''
  const chat = s.webchatEnabled
    ? `<section id="chat" class="card" aria-label="${esc(TEXT.chatTitle)}"><h2>${esc(TEXT.chatTitle)}</h2><p>${esc(s.webchat.greeting)}</p>${s.webchat.hours ? `<p class="muted">${esc(s.webchat.hours)}</p>` : ''}<ol id="chat-log"></ol><form id="chat-form"><label for="chat-text" hidden>${esc(TEXT.message)}</label><textarea id="chat-text" maxlength="5000" rows="2" required placeholder="${esc(TEXT.chatPlaceholder)}"></textarea><button>${esc(TEXT.send)}</button><p id="chat-status" role="status"></p></form></section>`
    : ''
  const html = `<!doctype html><html lang="${esc(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${esc(company.name)}</title>
<style>body{margin:0;font:15px/1.5 ${FONTS[s.design.font]};background:${s.design.backgroundColor};color:#1b1f24}main{max-width:640px;margin:32px auto;padding:0 16px}
button{background:${s.design.primaryColor};color:#fff;border:0;border-radius:6px;padding:8px 14px;font:inherit;cursor:pointer}input,textarea,select{width:100%;padding:8px;margin:4px 0 12px;font:inherit;border:1px solid #c9ced6;border-radius:6px;box-sizing:border-box}
.wishlist{list-style:none;padding:0}.wishlist li{display:flex;flex-wrap:wrap;align-items:center;gap:8px;margin:8px 0}.wishlist img{width:48px;height:48px;object-fit:cover;border-radius:4px}
.card{border:1px solid #e1e4e8;border-radius:8px;padding:16px;margin:12px 0;background:#fff}[hidden]{display:none}.muted{color:#57606a}</style></head>
<body><main data-base="${esc(base)}">${logo}<h1>${esc(s.content.headline)}</h1>${s.content.intro ? `<p>${esc(s.content.intro)}</p>` : ''}
<section id="signin"><h2>${esc(TEXT.signIn)}</h2><form id="code-form"><label for="email">${esc(TEXT.emailLabel)}</label><input id="email" type="email" required autocomplete="email"><button>${esc(TEXT.sendCode)}</button></form>
<form id="verify-form" hidden><p class="muted" role="status">${esc(TEXT.codeSent)}</p><label for="code">${esc(TEXT.codeLabel)}</label><input id="code" inputmode="numeric" pattern="\\d{6}" maxlength="6" autocomplete="one-time-code" required><button>${esc(TEXT.verify)}</button></form><p id="signin-error" role="alert"></p></section>
<section id="account" hidden><div${show(f.orders)}><h2>${esc(TEXT.orders)}</h2><div id="orders"></div></div><div${show(f.recentlyViewed)}><h2>${esc(TEXT.viewed)}</h2><ul id="viewed"></ul></div>
<div${show(s.extensions.wishlist)}><h2>${esc(TEXT.wishlist)}</h2><ul id="wishlist" class="wishlist"></ul></div>
<div id="recs" hidden><h2>${esc(TEXT.recommended)}</h2><ul id="recs-list"></ul></div>${chat}
<div${show(f.support)}><h2>${esc(TEXT.contact)}</h2><form id="support-form"><label for="subject">${esc(TEXT.subject)}</label><input id="subject" maxlength="200" required><label for="body">${esc(TEXT.message)}</label><textarea id="body" maxlength="5000" rows="4" required></textarea><button>${esc(TEXT.send)}</button><p id="support-status" role="status"></p></form></div>
<button id="sign-out" type="button">${esc(TEXT.signOut)}</button></section>
${blocks}${faq && f.faq ? `<section><h2>${esc(TEXT.faq)}</h2>${faq}</section>` : ''}</main>
<script nonce="${esc(nonce)}">${script(base, TEXT, {
    returns: f.returns,
    reorder: s.extensions.reorder,
    recs: s.extensions.recommendations,
    wishlist: s.extensions.wishlist,
  })}</script></body></html>`
  return new Response(html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    },
  })
}

function script(
  base: string,
  TEXT: Text,
  on: { returns: boolean; reorder: boolean; recs: boolean; wishlist: boolean },
): string {
  const T = JSON.stringify(TEXT).replace(/</g, '\\u003c')
  return `(()=>{const ON=${JSON.stringify(on)},T=${T},B=${JSON.stringify(base).replace(/</g, '\\u003c')},$=(i)=>document.getElementById(i);
const el=(t,txt,a)=>{const e=document.createElement(t);if(txt!=null)e.textContent=String(txt);if(a)for(const k in a)e.setAttribute(k,a[k]);return e};
const call=async(p,m,b)=>{const r=await fetch(B+p,{method:m||'GET',credentials:'same-origin',headers:b?{'content-type':'application/json'}:{},body:b?JSON.stringify(b):undefined});let j={};try{j=await r.json()}catch{}return{ok:r.ok,status:r.status,j}};
const err=(j)=>(j&&j.fieldErrors&&Object.values(j.fieldErrors)[0]&&Object.values(j.fieldErrors)[0][0])||(j&&j.message)||T.error;
let email='';
$('code-form').addEventListener('submit',async(e)=>{e.preventDefault();email=$('email').value;const r=await call('/code','POST',{email});if(r.ok){$('verify-form').hidden=false;$('signin-error').textContent=''}else $('signin-error').textContent=err(r.j)});
$('verify-form').addEventListener('submit',async(e)=>{e.preventDefault();const r=await call('/session','POST',{email,code:$('code').value});if(r.ok)load();else $('signin-error').textContent=err(r.j)});
$('sign-out').addEventListener('click',async()=>{await call('/session','DELETE');location.reload()});
const cf=$('chat-form');if(cf)cf.addEventListener('submit',async(e)=>{e.preventDefault();const v=$('chat-text').value;const r=await call('/support','POST',{subject:T.chatTitle,body:v});if(r.ok){$('chat-log').append(el('li',v));$('chat-text').value='';$('chat-status').textContent=''}else $('chat-status').textContent=err(r.j)});
$('support-form').addEventListener('submit',async(e)=>{e.preventDefault();const r=await call('/support','POST',{subject:$('subject').value,body:$('body').value});$('support-status').textContent=r.ok?T.sent:err(r.j)});
function order(o){const c=el('div',null,{class:'card'});c.append(el('strong',(o.number||o.orderKey)+' · '+o.status),el('div',new Date(o.placedAt).toLocaleDateString(),{class:'muted'}));
for(const u of o.trackingUrls){const a=el('a',T.track,{href:u,rel:'noopener noreferrer',target:'_blank'});c.append(el('div'),a)}
for(const i of o.items){const row=el('div');row.append(el('span',i.quantity+' × '+i.name+' '));if(i.productUrl&&ON.reorder)row.append(el('a',T.reorder,{href:i.productUrl,rel:'noopener noreferrer',target:'_blank'}));
if(ON.returns){const f=el('form');const r=el('input',null,{maxlength:'2000',placeholder:T.reason,'aria-label':T.reason});const b=el('button',T.startReturn);const s=el('span','',{role:'status'});f.append(r,b,s);
f.addEventListener('submit',async(e)=>{e.preventDefault();const x=await call('/returns','POST',{orderKey:o.orderKey,itemKey:i.key,reason:r.value});s.textContent=x.ok?T.returnStarted:err(x.j)});row.append(f)}c.append(row)}return c}
const money=(v,c)=>{try{return new Intl.NumberFormat(document.documentElement.lang||undefined,{style:'currency',currency:c}).format(v)}catch{return v+' '+c}};
function wish(p){const li=el('li');if(p.imageUrl)li.append(el('img',null,{src:p.imageUrl,alt:'',width:'48',height:'48',loading:'lazy'}));li.append(p.url?el('a',p.name,{href:p.url,rel:'noopener noreferrer',target:'_blank'}):el('span',p.name));
if(p.price!=null)li.append(el('span',money(p.price,p.currency),{class:'muted'}));const b=el('button',T.removeFromWishlist,{type:'button','aria-label':T.removeFromWishlist+': '+p.name});
b.addEventListener('click',async()=>{b.disabled=true;const r=await call('/wishlist/'+encodeURIComponent(p.productId),'DELETE');if(r.ok||r.status===404)li.remove();else b.disabled=false});li.append(b);return li}
async function load(){const r=await call('/orders');if(r.status===401)return;$('signin').hidden=true;$('account').hidden=false;const box=$('orders');box.replaceChildren(...(r.j.orders||[]).map(order));if(!box.children.length)box.append(el('p',T.noOrders));call('/visit','POST',{}).catch(()=>{});
const v=await call('/recently-viewed');$('viewed').replaceChildren(...((v.j.products)||[]).map(p=>{const li=el('li');li.append(p.url?el('a',p.name,{href:p.url,rel:'noopener noreferrer',target:'_blank'}):el('span',p.name));return li}));
if(ON.wishlist){const w=await call('/wishlist');const ps=(w.j.products)||[];$('wishlist').replaceChildren(...ps.map(wish));if(!ps.length)$('wishlist').append(el('li',T.wishlistEmpty))}
if(ON.recs){const rc=await call('/recommendations');const ps=(rc.j.products)||[];$('recs').hidden=!ps.length;$('recs-list').replaceChildren(...ps.map(p=>{const li=el('li');li.append(p.url?el('a',p.name,{href:p.url,rel:'noopener noreferrer',target:'_blank'}):el('span',p.name));return li}))}}
load()})()`
}
