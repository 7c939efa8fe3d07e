// The first campaign's goals (each with its name and subject) and the starter layouts the
// segment-and-send guide offers besides the account's own templates. Every layout carries the
// postal address and the unsubscribe link marketing email needs.
export const GOALS = ['promotion', 'newsletter', 'announcement', 'win_back'] as const
export type Goal = (typeof GOALS)[number]
export const STARTERS = ['simple', 'promotion', 'newsletter'] as const
export type Starter = (typeof STARTERS)[number]

export interface GoalCopy {
  name: string
  subject: string
  previewText: string
  heading: string
  body: string
}

const COPY: Record<Goal, Omit<GoalCopy, 'name'> & { name: string }> = {
  promotion: {
    name: 'First promotion',
    subject: 'A little something for you',
    previewText: 'An offer for our subscribers only.',
    heading: 'An offer for our subscribers',
    body: 'Thank you for being with us. Here is something special, for a short time only.',
  },
  newsletter: {
    name: 'First newsletter',
    subject: 'News from {company}',
    previewText: 'What is new this month.',
    heading: 'What is new',
    body: 'Here is what we have been working on, and what is coming next.',
  },
  announcement: {
    name: 'Announcement',
    subject: 'Something new at {company}',
    previewText: 'You heard it here first.',
    heading: 'You heard it here first',
    body: 'We have news we could not wait to share with you.',
  },
  win_back: {
    name: 'We miss you',
    subject: 'It has been a while',
    previewText: 'Come and see what is new.',
    heading: 'We miss you',
    body: 'A lot has changed since your last visit. Come and see what is new.',
  },
}

export function goalCopy(goal: Goal, company: string): GoalCopy {
  const c = COPY[goal]
  return { ...c, subject: c.subject.replace('{company}', company) }
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!)
}

const FOOTER = `<p style="font-size:12px;color:#71717a;text-align:center">{{ organization.name }} · {% organization_address %}<br><a href="{% unsubscribe_link %}" style="color:#71717a">Unsubscribe</a></p>`

export function starterHtml(starter: Starter, copy: GoalCopy, company: string): string {
  const heading = escapeHtml(copy.heading)
  const body = escapeHtml(copy.body)
  const brand = `<p style="font-weight:700;font-size:18px">${escapeHtml(company)}</p>`
  const button = `<p><a href="{{ organization.url }}" style="display:inline-block;padding:12px 24px;background:#1b1f24;color:#fff;text-decoration:none;border-radius:6px">Shop now</a></p>`
  const inner =
    starter === 'promotion'
      ? `${brand}<h1 style="font-size:28px">${heading}</h1><p>${body}</p>${button}`
      : starter === 'newsletter'
        ? `${brand}<h1 style="font-size:24px">${heading}</h1><p>${body}</p><h2 style="font-size:18px">In this issue</h2><ul><li>New arrivals</li><li>Behind the scenes</li><li>Coming soon</li></ul>${button}`
        : `${brand}<h1 style="font-size:22px">${heading}</h1><p>${body}</p>`
  return `<!doctype html><html><body style="margin:0;padding:24px;font-family:Arial,sans-serif;line-height:1.5;color:#1b1f24"><div style="max-width:600px;margin:0 auto">${inner}${FOOTER}</div></body></html>`
}
