// The Q&A widget (<div class="klaviyo-reviews-questions" data-id="{product id}">): a product's
// published questions with the merchant's answers from /client/review-questions, built with
// textContent in a shadow root like the reviews widget, so a question can never become markup.
import type { OnsiteContext } from '../types'
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

export async function questionsWidget(ctx: OnsiteContext, host: HTMLElement, productId: string): Promise<void> {
  const [res] = await Promise.all([
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
}
