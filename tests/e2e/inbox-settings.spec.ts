// Inbox automations and SMS account tools in a real browser (issue 25 §1–2), each test on a
// fresh tenant: business hours and the away message saved and shown again after a reload; an FAQ
// entry added from /inbox/faq/new; an intent rule made on /automations and opened by its id;
// quick replies added and removed; an SMS opt-in keyword and a sending number added on
// /settings/sms with a 400's field error shown under its field; the SMS disclosure saved and the
// AU registration refused with a bad ABN; a second tenant sees none of the first one's rules.
import { randomBytes } from 'node:crypto'
import { test, expect, type Page } from '@playwright/test'
import { PASSWORD } from './helpers'

const csrf = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'kl_csrftoken')?.value ?? ''

async function freshTenant(page: Page, name = 'Inbox Rules') {
  const email = `rules-${randomBytes(4).toString('hex')}@example.test`
  await page.goto('/login')
  await page.waitForLoadState('networkidle')
  const reg = await page.request.post('/ajax/register', {
    data: { companyName: name, firstName: 'Rita', lastName: 'Rules', email, password: PASSWORD, timezone: 'UTC' },
    headers: { 'X-CSRFToken': await csrf(page) },
  })
  expect(reg.status()).toBe(202)
  await page.goto('/login')
  await page.waitForLoadState('networkidle')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: /sign in/i }).click()
  await expect(page).not.toHaveURL(/\/login/)
}

test('business hours and the away message are saved and shown again', async ({ page }) => {
  await freshTenant(page)
  await page.goto('/inbox/customization/away_message')
  const form = page.getByTestId('away-message-form')
  await form.getByRole('checkbox', { name: 'Saturday' }).check()
  await page.getByTestId('hours-sat').getByLabel('Opens').fill('10:00')
  await page.getByTestId('hours-sat').getByLabel('Closes').fill('09:00')
  await form.getByLabel('Send an away message outside business hours').check()
  await form.getByLabel('Away message', { exact: true }).fill('Hi {{ first_name }}, we are closed and answer at 9.')
  await page.getByTestId('save-away-message').click()
  await expect(
    page.getByTestId('hours-sat').getByText('The closing time must be after the opening time.'),
  ).toBeVisible()
  await page.getByTestId('hours-sat').getByLabel('Closes').fill('14:00')
  await page.getByTestId('save-away-message').click()
  await expect(page.getByText('Saved.')).toBeVisible()
  await page.reload()
  await expect(page.getByTestId('hours-sat').getByLabel('Closes')).toHaveValue('14:00')
  await expect(page.getByLabel('Away message', { exact: true })).toHaveValue(/we are closed/)
})

test('an FAQ entry, an intent rule and quick replies', async ({ page }) => {
  await freshTenant(page)
  await page.goto('/inbox/faq')
  await expect(page.getByText('No FAQ entries yet')).toBeVisible()
  // The switch turns on once the server has saved it.
  await page.getByTestId('faq-auto-answer').click()
  await expect(page.getByTestId('faq-auto-answer')).toBeChecked()
  await page.getByTestId('new-faq').click()
  await expect(page).toHaveURL(/\/inbox\/faq\/new$/)
  await page.getByTestId('save-faq').click()
  await expect(page.getByText('Enter the question.')).toBeVisible()
  await page.getByLabel('Question').fill('Do you ship abroad?')
  await page.getByLabel('Answer').fill('Yes, to 40 countries.')
  await page.getByLabel('Keywords and phrases').fill('ship, shipping')
  await page.getByTestId('save-faq').click()
  await expect(page).toHaveURL(/\/inbox\/faq$/)
  await expect(page.getByTestId('faq-list').getByText('Do you ship abroad?')).toBeVisible()
  await expect(page.getByTestId('faq-auto-answer')).toBeChecked()

  await page.goto('/automations')
  await expect(page.getByText('No intents yet')).toBeVisible()
  const intent = page.getByTestId('intent-form')
  await intent.getByLabel('Name').fill('Where is my order')
  await intent.getByLabel('Intent').selectOption('order_status')
  await intent.getByLabel('Keywords and phrases').fill('where is my order, tracking')
  await intent.getByLabel('Reply').fill('Track it at acme.test/track, {{ first_name|default:"there" }}.')
  await page.getByTestId('save-intent').click()
  await expect(page).toHaveURL(/\/automations\/\d+$/)
  await expect(page.getByTestId('intent-list').getByText('Where is my order')).toBeVisible()
  await page.reload()
  await expect(page.getByTestId('intent-form').getByLabel('Name')).toHaveValue('Where is my order')

  await page.goto('/inbox/settings/quick-replies')
  const qr = page.getByTestId('quick-reply-form')
  await qr.getByLabel('Name').fill('Thanks')
  await qr.getByLabel('Reply').fill('Thanks {{ first_name }}!')
  await page.getByTestId('save-quick-reply').click()
  await expect(page.getByTestId('quick-replies').getByText('Thanks {{ first_name }}!')).toBeVisible()
  await page.goto('/inbox/customization/quick_response')
  await expect(page.getByTestId('quick-replies').getByText('Thanks', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('No quick replies yet')).toBeVisible()
})

test('SMS keywords, sending numbers, the disclosure and the AU registration', async ({ page }) => {
  await freshTenant(page)
  await page.goto('/settings/sms')
  const sender = page.getByTestId('sms-sender-form')
  await sender.getByLabel('Number or sender id').fill('12')
  await sender.getByLabel('Type').selectOption('short_code')
  await sender.getByLabel('Country').fill('US')
  await page.getByTestId('add-sms-sender').click()
  await expect(sender.getByText('A short code has 3 to 8 digits.')).toBeVisible()
  await sender.getByLabel('Number or sender id').fill('12345')
  await page.getByTestId('add-sms-sender').click()
  await expect(page.getByTestId('sms-senders').getByText('12345')).toBeVisible()

  const kw = page.getByTestId('sms-keyword-form')
  await kw.getByLabel('Keyword').fill('stop')
  await page.getByTestId('add-sms-keyword').click()
  await expect(kw.getByText(/keep their meaning/)).toBeVisible()

  await page.goto('/get-started/sms-disclosure')
  await expect(page.getByTestId('sms-disclosure-preview')).toContainText('STOP')
  await page.getByTestId('edit-disclosure').click()
  await page.getByLabel('Disclosure text').fill('Texts from us. Msg & data rates may apply.')
  await page.getByTestId('save-disclosure').click()
  await expect(page.getByText('Tell shoppers they can reply STOP to unsubscribe.')).toBeVisible()
  await page.getByLabel('Disclosure text').fill('Texts from us. Msg & data rates may apply. Reply STOP to cancel.')
  await page.getByTestId('save-disclosure').click()
  await expect(page.getByText('Saved.')).toBeVisible()

  await page.goto('/get-started/sms-setup/au-registration')
  const au = page.getByTestId('sms-registration-form')
  await au.getByLabel('Business name').fill('Acme Pty Ltd')
  await au.getByLabel('Contact email').fill('ops@acme.test')
  await au.getByLabel('ABN').fill('12345678901')
  await au.getByLabel('Sender id').fill('ACME')
  await au.getByLabel('What you send').fill('Order updates and offers')
  await page.getByTestId('submit-registration').click()
  await expect(au.getByText('Enter a valid 11-digit ABN.')).toBeVisible()
  await au.getByLabel('ABN').fill('51 824 753 556')
  await page.getByTestId('submit-registration').click()
  await expect(au.getByText('Submitted').first()).toBeVisible()

  await page.goto('/get-started/sms-setup')
  await expect(page.getByTestId('sms-setup-steps')).toContainText('Submitted')
})

test('a second tenant sees none of the first tenant’s rules', async ({ browser }) => {
  const a = await browser.newPage()
  await freshTenant(a, 'Tenant A')
  const made = await a.request.post('/ajax/inbox/faq', {
    data: { question: 'Secret question of A?', answer: 'A', phrases: ['secret'] },
    headers: { 'X-CSRFToken': await csrf(a) },
  })
  expect(made.status()).toBe(201)
  const id = (await made.json()).faq.id
  const b = await browser.newPage()
  await freshTenant(b, 'Tenant B')
  await b.goto('/inbox/faq')
  await expect(b.getByText('No FAQ entries yet')).toBeVisible()
  await b.goto(`/inbox/faq/${id}`)
  await expect(b.getByText('This FAQ entry could not be loaded. It may have been deleted.')).toBeVisible()
  expect((await b.request.get(`/ajax/inbox/faq/${id}`)).status()).toBe(404)
})
