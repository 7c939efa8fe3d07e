// The Q&A widget (<div class="klaviyo-reviews-questions" data-id="{product id}">): a product's
// published questions with the merchant's answers from /client/review-questions, built with
// textContent in a shadow root like the reviews widget, so a question can never become markup;
// below them a small form that asks a new one (POST /client/review-questions; it waits for the
// merchant's answer before it shows).
import type { OnsiteContext } from '../types'
import { EN_LABELS, type WidgetLabels } from './labels'
import { WIDGET_CSS } from './render'
import { styleHost } from './style'

interface ApiQuestion {
  id: string
  attributes: { question: string; author: string; answer: string | null; answer_author: string | null }
}

function text(doc: Document, tag: string, cls: string, value: string | null): HTMLElement {
  const e = doc.createElement(tag)
  e.className = cls
  e.textContent = value ?? ''
  return e
}

export function renderQuestions(doc: Document, questions: ApiQuestion[]): HTMLElement {
  const list = doc.createElement('ul')
  list.className = 'kl-list'
  for (const q of questions) {
    const li = doc.createElement('li')
    li.className = 'kl-review'
    li.setAttribute('data-question-id', q.id)
    li.appendChild(text(doc, 'p', 'kl-title', q.attributes.question))
    li.appendChild(text(doc, 'div', 'kl-meta', q.attributes.author))
    if (q.attributes.answer) {
      const reply = doc.createElement('div')
      reply.className = 'kl-reply'
      reply.appendChild(text(doc, 'div', 'kl-meta', q.attributes.answer_author))
      reply.appendChild(text(doc, 'p', 'kl-body', q.attributes.answer))
      li.appendChild(reply)
    }
    list.appendChild(li)
  }
  return list
}

function field(doc: Document, name: string, label: string, tag: 'input' | 'textarea', type = 'text') {
  const wrap = doc.createElement('label')
  wrap.className = 'kl-field'
  wrap.textContent = label
  const input = doc.createElement(tag)
  input.name = name
  input.required = true
  if (input instanceof HTMLInputElement) input.type = type
  input.maxLength = name === 'question' ? 1000 : name === 'email' ? 254 : 100
  wrap.appendChild(input)
  return wrap
}

export function askForm(
  ctx: OnsiteContext,
  doc: Document,
  productId: string,
  t: WidgetLabels = EN_LABELS,
): HTMLFormElement {
  const form = doc.createElement('form')
  form.className = 'kl-ask'
  form.appendChild(field(doc, 'question', t.askQuestion, 'textarea'))
  form.appendChild(field(doc, 'author', t.yourName, 'input'))
  form.appendChild(field(doc, 'email', t.yourEmail, 'input', 'email'))
  const send = doc.createElement('button')
  send.type = 'submit'
  send.className = 'kl-more'
  send.textContent = t.submitQuestion
  form.appendChild(send)
  const note = text(doc, 'p', 'kl-meta', '')
  note.setAttribute('role', 'status')
  form.appendChild(note)
  form.addEventListener('submit', (e) => {
    e.preventDefault()
    const v = (n: string) => ((form.elements.namedItem(n) as HTMLInputElement | null)?.value ?? '').trim()
    send.disabled = true
    fetch(`${ctx.baseUrl}/client/review-questions?company_id=${encodeURIComponent(ctx.companyId)}`, {
      method: 'POST',
      credentials: 'omit',
      headers: { 'content-type': 'application/json', revision: '2026-07-15' },
      body: JSON.stringify({
        data: {
          type: 'review-question',
          attributes: {
            question: v('question'),
            author: v('author'),
            email: v('email'),
            product: { external_id: productId },
          },
        },
      }),
    })
      .then((r) => {
        note.textContent = r.ok ? t.questionSent : t.questionInvalid
        if (r.ok) form.reset()
      })
      .catch(() => (note.textContent = t.questionFailed))
      .finally(() => (send.disabled = false))
  })
  return form
}

export async function questionsWidget(ctx: OnsiteContext, host: HTMLElement, productId: string): Promise<void> {
  const [res, t] = await Promise.all([
    fetch(
      `${ctx.baseUrl}/client/review-questions?company_id=${encodeURIComponent(ctx.companyId)}&product_id=${encodeURIComponent(productId)}`,
      { credentials: 'omit', headers: { revision: '2026-07-15' } },
    ),
    styleHost(ctx, host, 'questions'),
  ])
  if (!res.ok) return
  const body = (await res.json()) as { data?: ApiQuestion[] }
  const doc = host.ownerDocument
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' })
  while (root.firstChild) root.removeChild(root.firstChild)
  const style = doc.createElement('style')
  style.textContent = WIDGET_CSS
  root.appendChild(style)
  root.appendChild(renderQuestions(doc, body.data ?? []))
  root.appendChild(askForm(ctx, doc, productId, t))
}
