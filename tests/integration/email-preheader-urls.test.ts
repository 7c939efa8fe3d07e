/** @jest-environment node */
// What a delivered email carries (issue 30 §3, §4): the message's preview text as the hidden
// preheader at the top of the body (rendered with the profile, escaped), and every root-relative
// address (the editor's default image, an uploaded image, a CSS background) made absolute on
// APP_URL. Sent through the real pipeline to a real SMTP server and read back with mailparser.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { simpleParser } from 'mailparser'
import { db } from '@/lib/db/client'
import { makeCompany } from '../helpers/factory'
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { createSends, type CreateSendsInput } from '@/lib/messaging/create-sends'
import { deliverSends } from '@/lib/messaging/deliver-sends'
import { closeSmtpTransports } from '@/lib/messaging/email-transport'
import { forgetEmailConfig } from '@/lib/messaging/email-settings/email-config'
import { withAbsoluteUrls, withPreheader } from '@/lib/messaging/finish-email-html'
import { ulid } from '@/lib/ids/make-id'

let sink: SmtpSink
beforeAll(async () => {
  sink = await startSmtpSink()
  process.env.SMTP_URL = sink.url
  process.env.APP_URL = 'https://app.example.test'
  forgetEmailConfig()
})
afterAll(async () => {
  closeSmtpTransports()
  await sink.close()
})

test('a delivered email has its preheader and absolute image and link addresses', async () => {
  const company = await makeCompany()
  const profile = (await upsertProfile(company.id, { email: 'ada@x.test', firstName: 'Ada' }, { mode: 'import' }))
    .profile
  const html = `<html><head><style>.hero{background:url('/media/images/${company.id}/bg.png')}</style></head><body>
<img src="/email/placeholder.svg" alt=""><img src='/media/images/${company.id}/a.png'><a href="/collections/sale">Sale</a>
<a href="https://shop.example/x">Shop</a><img src="//cdn.example/keep.png"><a href="#top">Top</a></body></html>`
  const input: CreateSendsInput = {
    companyId: company.id,
    channel: 'email',
    sourceType: 'campaign_message',
    sourceId: ulid(),
    content: { subject: 'Hello', previewText: 'Hi {{ first_name }}, 20% off <today>', html },
    recipients: [{ profileId: profile.id }],
  }
  await createSends(input)
  await deliverSends(input)
  expect((await db.send.findFirstOrThrow({ where: { companyId: company.id, sourceId: input.sourceId } })).status).toBe(
    'sent',
  )
  const mail = await simpleParser(sink.mails.at(-1)!.raw)
  const body = String(mail.html)
  const preheader = /<div[^>]*data-preheader[^>]*>([^<]*)/.exec(body)
  expect(preheader?.[1]).toContain('Hi Ada, 20% off &lt;today&gt;')
  // The preheader is the first thing in the body.
  expect(body.indexOf('data-preheader')).toBeLessThan(body.indexOf('<img'))
  expect(body).toContain('src="https://app.example.test/email/placeholder.svg"')
  expect(body).toContain(`src='https://app.example.test/media/images/${company.id}/a.png'`)
  expect(body).toContain(`url('https://app.example.test/media/images/${company.id}/bg.png')`)
  expect(body).toContain('src="//cdn.example/keep.png"')
  expect(body).toContain('href="#top"')
  expect(body).not.toMatch(/(src|href)=["']\/(?!\/)/)
  // The text part has no preheader padding.
  expect(mail.text).not.toContain('20% off')
})

test('no preview text, no preheader; a body tag with attributes keeps them', () => {
  expect(withPreheader('<body><p>x</p></body>', '  ')).toBe('<body><p>x</p></body>')
  expect(withPreheader('<body class="a"><p>x</p>', 'Hi')).toMatch(/^<body class="a"><div[^>]*data-preheader[^>]*>Hi/)
  expect(withPreheader('<p>x</p>', 'Hi')).toMatch(/^<div[^>]*data-preheader/)
  expect(withAbsoluteUrls('<a href="/x">x</a><a href="mailto:a@b.c">m</a>', 'https://a.test/')).toBe(
    '<a href="https://a.test/x">x</a><a href="mailto:a@b.c">m</a>',
  )
})
