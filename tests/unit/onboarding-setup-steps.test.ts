// Issue 26 §2: the account-setup wizard's step order and skips (pure), the website rule, the
// SMS playbooks' content in the messages, and the brand reader on real-looking pages.
import fs from 'node:fs'
import path from 'node:path'
import { isWebsiteUrl, nextStep, normaliseStep, resumeStep } from '@/lib/onboarding/setup-steps'
import { findPlaybook, SMS_PLAYBOOKS } from '@/lib/onboarding/sms-playbooks'
import { readBrand } from '@/lib/onboarding/read-brand'

test('a store platform brings the integration steps; skipping the integration drops data sharing and sync', () => {
  expect(nextStep('platform', { platform: { platform: 'none' } })).toBe('sender-info')
  expect(nextStep('platform', { platform: { platform: 'shopify' } })).toBe('integration')
  const skipped = { platform: { platform: 'shopify' as const }, integration: { action: 'skip' as const } }
  expect(nextStep('integration', skipped)).toBe('sender-info')
  const connected = { platform: { platform: 'woocommerce' as const }, integration: { action: 'connected' as const } }
  expect(nextStep('integration', connected)).toBe('integration/data-sharing')
  expect(nextStep('sender-info', connected)).toBeNull()
  expect(resumeStep({})).toBe('init')
  expect(normaliseStep('choose-channel')).toBe('choose-channels')
  expect(normaliseStep('../etc')).toBeNull()
})

test.each([
  ['https://shop.example.com', true],
  ['http://shop.example.co.uk/path', true],
  ['shop.example.com', false],
  ['https://localhost', false],
  ['javascript:alert(1)', false],
  ['https://user:pw@shop.example.com', false],
])('isWebsiteUrl(%j) is %s', (url, ok) => expect(isWebsiteUrl(url)).toBe(ok))

test('every SMS playbook has its title, summary and sections in en-US', () => {
  const en = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../messages/en-US.json'), 'utf8'))
  for (const p of SMS_PLAYBOOKS) {
    const text = en.onboarding.playbook[p.key]
    for (const part of ['title', 'summary', 'why', 'how', 'example'])
      expect({ p: p.slug, part, ok: !!text?.[part] }).toEqual({ p: p.slug, part, ok: true })
  }
  expect(findPlaybook('welcome-text')?.key).toBe('welcomeText')
  expect(findPlaybook('nope')).toBeNull()
})

test('readBrand: logo by its name, else the touch icon; colours from the theme and the CSS, greys left out', () => {
  const page = `<html><head><meta content="#0A7" name="theme-color"><link rel="apple-touch-icon" href="/touch.png">
    <style>a{color:#333333} .c{background:#ff6600} .d{border-color:#FF6600} .e{color:#fff}</style></head>
    <body><img src="https://cdn.example/brand/logo-main.png" alt="Acme"></body></html>`
  expect(readBrand(page, 'https://shop.example/home')).toEqual({
    logoUrl: 'https://cdn.example/brand/logo-main.png',
    colors: ['#00aa77', '#ff6600'],
  })
  const noLogoImg = `<link rel="icon" href="favicon.png"><link rel="apple-touch-icon" href="/t.png">`
  expect(readBrand(noLogoImg, 'https://shop.example/a/b').logoUrl).toBe('https://shop.example/t.png')
  expect(readBrand('<img class="logo" src="javascript:alert(1)">', 'https://shop.example/').logoUrl).toBeNull()
})
