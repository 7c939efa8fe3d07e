// The forms renderer in jsdom (issue 20 §2, F2b): form text never becomes markup, labels and
// dialog roles, Esc closes and focus returns, the honeypot sends nothing, a submit goes to
// /client/subscriptions with the form as its source.
import { mountForm, type FormHooks } from '@/onsite/src/forms/render-form'
import type { FormToShow, Version } from '@/onsite/src/forms/definition'
import type { OnsiteContext } from '@/onsite/src/types'

const ctx: OnsiteContext = {
  companyId: 'PUB123',
  baseUrl: 'https://app.example',
  now: () => Date.now(),
  identity: () => ({ anonymousId: 'anon-1' }),
  isIdentified: () => false,
  identify: async () => {},
  track: async () => {},
  pageViews: () => 1,
  mayTrack: () => true,
  giveConsent: () => {},
  settings: () => ({ trackingEnabled: true, requireConsent: false, formsEnabled: true }),
  storage: { get: () => null, set: () => {} },
}
const EVIL =
  '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><b>Bold</b> <a href="javascript:alert(1)">js</a> <a href="https://ok.example/">ok</a>'
const version = (): Version => ({
  type: 'popup',
  steps: [
    {
      columns: [
        {
          rows: [
            {
              blocks: [
                { type: 'html_text', properties: { content: EVIL } },
                { type: 'email', properties: { label: '<img src=x onerror=alert(1)>Email', required: true } },
                { type: 'text', properties: { property_name: 'first_name', label: 'First name' } },
                { type: 'button', properties: { label: 'Subscribe' }, action: { type: 'next_step', submit: true } },
              ],
            },
          ],
        },
      ],
    },
    {
      columns: [
        {
          rows: [
            {
              blocks: [
                { type: 'html_text', properties: { content: '<p>Thanks!</p>' } },
                { type: 'coupon', properties: { coupon: { type: 'static', text: 'WELCOME10' } } },
              ],
            },
          ],
        },
      ],
    },
  ],
})
const form = (): FormToShow => ({
  formId: 'F1',
  versionId: 9,
  name: 'Welcome popup',
  listId: 'LIST1',
  type: 'popup',
  def: version(),
})
const hooks = (over: Partial<FormHooks> = {}): FormHooks => ({ mode: 'live', device: 'desktop', ...over })
const shadow = () => document.querySelector('[data-klaviyo-form]')!.shadowRoot!

let fetchMock: jest.Mock
const res = (status: number, body?: unknown) => ({ ok: status < 300, status, json: async () => body })
beforeEach(() => {
  document.body.replaceChildren()
  // jsdom has no Response: the parts of one the submit code reads.
  fetchMock = jest.fn(async () => res(202))
  ;(global as unknown as { fetch: unknown }).fetch = fetchMock
})

test('form text renders as text: no img, no script, no javascript: link, nothing runs', () => {
  mountForm(ctx, form(), hooks())
  const root = shadow()
  expect(root.querySelectorAll('img, script, iframe').length).toBe(0)
  expect(root.querySelector('b')!.textContent).toBe('Bold')
  const links = [...root.querySelectorAll('a')]
  expect(links.map((a) => a.getAttribute('href'))).toEqual([null, 'https://ok.example/'])
  expect(root.querySelector('label')!.textContent).toBe('<img src=x onerror=alert(1)>Email')
  expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined()
  expect(document.body.innerHTML).not.toContain('onerror')
})

test('a modal dialog with labelled fields; Esc closes it and focus returns', () => {
  const opener = document.createElement('button')
  document.body.append(opener)
  opener.focus()
  const onClose = jest.fn()
  mountForm(ctx, form(), hooks({ onClose }))
  const dialog = shadow().querySelector('[role=dialog]')!
  expect(dialog.getAttribute('aria-modal')).toBe('true')
  expect(dialog.getAttribute('aria-label')).toBe('Welcome popup')
  for (const input of shadow().querySelectorAll('input[type=email], input[type=text]:not([name=kl_website])')) {
    expect(shadow().querySelector(`label[for="${input.id}"]`)).not.toBeNull()
  }
  expect(document.activeElement).toBe(document.querySelector('[data-klaviyo-form]'))
  expect(shadow().activeElement?.getAttribute('type') ?? 'email').toBe('email')
  document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
  expect(document.querySelector('[data-klaviyo-form]')).toBeNull()
  expect(onClose).toHaveBeenCalledWith('closed')
  expect(document.activeElement).toBe(opener)
})

test('client validation: a bad email is an inline error and nothing is sent', async () => {
  mountForm(ctx, form(), hooks())
  const email = shadow().querySelector<HTMLInputElement>('input[type=email]')!
  email.value = 'not-an-email'
  shadow().querySelector<HTMLButtonElement>('button[type=submit]')!.click()
  await new Promise((r) => setTimeout(r, 0))
  expect(email.getAttribute('aria-invalid')).toBe('true')
  expect(fetchMock).not.toHaveBeenCalled()
})

test('submit: /client/subscriptions with the list, the form as source, $form_id and custom fields; then the success step with its coupon', async () => {
  const onSubscribed = jest.fn()
  mountForm(ctx, form(), hooks({ onSubscribed }))
  shadow().querySelector<HTMLInputElement>('input[type=email]')!.value = 'ana@example.com'
  shadow().querySelector<HTMLInputElement>('input[name=first_name]')!.value = 'Ana'
  shadow().querySelector<HTMLButtonElement>('button[type=submit]')!.click()
  await new Promise((r) => setTimeout(r, 10))
  expect(fetchMock).toHaveBeenCalledTimes(1)
  const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit]
  expect(url).toBe('https://app.example/client/subscriptions?company_id=PUB123')
  const body = JSON.parse(String(init.body))
  expect(body.data.relationships.list.data.id).toBe('LIST1')
  expect(body.data.attributes.custom_source).toBe('Form: Welcome popup')
  expect(body.data.attributes.profile.data.attributes).toMatchObject({
    email: 'ana@example.com',
    anonymous_id: 'anon-1',
    properties: { first_name: 'Ana', $form_id: 'F1' },
    subscriptions: { email: { marketing: { consent: 'SUBSCRIBED' } } },
  })
  expect(body.data.attributes.profile.data.attributes.subscriptions.sms).toBeUndefined()
  expect(onSubscribed).toHaveBeenCalledWith({ email: 'ana@example.com' })
  expect(shadow().textContent).toContain('Thanks!')
  expect(shadow().querySelector('.cpn')!.textContent).toBe('WELCOME10')
})

test('a 400 with a pointer shows next to its field', async () => {
  fetchMock.mockResolvedValueOnce(
    res(400, {
      errors: [
        { detail: 'Invalid email address', source: { pointer: '/data/attributes/profile/data/attributes/email' } },
      ],
    }),
  )
  mountForm(ctx, form(), hooks())
  shadow().querySelector<HTMLInputElement>('input[type=email]')!.value = 'ana@example.com'
  shadow().querySelector<HTMLButtonElement>('button[type=submit]')!.click()
  await new Promise((r) => setTimeout(r, 10))
  expect(shadow().textContent).toContain('Invalid email address')
  expect(shadow().textContent).not.toContain('Thanks!')
})

test('a filled honeypot pretends success and sends nothing', async () => {
  mountForm(ctx, form(), hooks())
  shadow().querySelector<HTMLInputElement>('input[type=email]')!.value = 'bot@example.com'
  shadow().querySelector<HTMLInputElement>('input[name=kl_website]')!.value = 'http://spam.example'
  shadow().querySelector<HTMLButtonElement>('button[type=submit]')!.click()
  await new Promise((r) => setTimeout(r, 10))
  expect(fetchMock).not.toHaveBeenCalled()
  expect(shadow().textContent).toContain('Thanks!')
})

test('preview mode advances steps without writing', async () => {
  mountForm(ctx, form(), hooks({ mode: 'preview' }))
  shadow().querySelector<HTMLInputElement>('input[type=email]')!.value = 'ana@example.com'
  shadow().querySelector<HTMLButtonElement>('button[type=submit]')!.click()
  await new Promise((r) => setTimeout(r, 10))
  expect(fetchMock).not.toHaveBeenCalled()
  expect(shadow().textContent).toContain('Thanks!')
})

// The definition's styles, as the editor writes them (issue 20 §2: headings rendered as plain
// text and a black dismiss button, because only background_color was applied).
const styled = (): FormToShow => ({
  ...form(),
  def: {
    type: 'popup',
    steps: [
      {
        columns: [
          {
            rows: [
              {
                blocks: [
                  { type: 'html_text', properties: { content: '<h1>Get 10% off</h1><p>Join us.</p>' } },
                  { type: 'email', properties: { label: 'Email' } },
                  {
                    type: 'button',
                    properties: { label: 'Claim' },
                    styles: {
                      background_color: '#AA0000',
                      hover_background_color: '#880000',
                      text_styles: { text_color: '#FFEEDD', font_size: 18, font_weight: 700 },
                      border_styles: { radius: 20 },
                      width: 'fit',
                      alignment: 'left',
                    },
                    action: { type: 'next_step', submit: true },
                  },
                  { type: 'button', properties: { label: 'No thanks' }, action: { type: 'close', submit: false } },
                ],
              },
            ],
          },
        ],
      },
    ],
    styles: {
      width: 'custom',
      custom_width: 560,
      background_color: '#102030',
      border_styles: { radius: 16 },
      overlay_color: 'rgba(0,0,0,0.4)',
      close_button: { color: '#FF0000', background_color: '#000000', size: 24 },
      rich_text_styles: {
        body: { font_family: 'Georgia', text_color: '#EEEEEE', font_size: 15 },
        h1: { font_size: 34, font_weight: 800, text_color: '#FFCC00' },
        link: { color: '#00FF00' },
      },
      input_styles: { corner_radius: 10, field_height: 50, text_styles: { font_family: 'Verdana' } },
    },
  },
})

test('the version styles: width, background, corners, overlay, body font and colour, inputs', () => {
  mountForm(ctx, styled(), hooks())
  const dlg = shadow().querySelector<HTMLElement>('.dlg')!
  expect(dlg.style.maxWidth).toBe('560px')
  expect(dlg.style.backgroundColor).toMatch(/#102030|rgb\(16, 32, 48\)/i)
  expect(dlg.style.borderRadius).toBe('16px')
  expect(dlg.style.fontFamily).toBe('Georgia')
  expect(dlg.style.color).toMatch(/#eeeeee|rgb\(238, 238, 238\)/i)
  expect(dlg.style.getPropertyValue('--kl-in-radius')).toBe('10px')
  expect(dlg.style.getPropertyValue('--kl-in-height')).toBe('50px')
  expect(dlg.style.getPropertyValue('--kl-in-font')).toBe('Verdana')
  expect(dlg.style.getPropertyValue('--kl-link')).toBe('#00FF00')
  expect(shadow().querySelector<HTMLElement>('.bd')!.style.backgroundColor).toMatch(/rgba\(0, ?0, ?0, ?0\.4\)/)
})

test('a heading block renders as a heading with its size, weight and colour; body text as the body style', () => {
  mountForm(ctx, styled(), hooks())
  const h1 = shadow().querySelector<HTMLElement>('.txt h1')!
  expect(h1.textContent).toBe('Get 10% off')
  expect(h1.style.fontSize).toBe('34px')
  expect(h1.style.fontWeight).toBe('800')
  expect(h1.style.color).toMatch(/#ffcc00|rgb\(255, 204, 0\)/i)
  expect(shadow().querySelector<HTMLElement>('.txt')!.style.fontSize).toBe('15px')
  // A template's heading without styles of its own is still a heading (the stylesheet sizes it).
  expect(shadow().querySelector('style')!.textContent).toMatch(/\.txt h1\{font-size:\d+px\}/)
})

test('button colours, hover, radius, width and alignment; a dismiss button reads as a link', () => {
  mountForm(ctx, styled(), hooks())
  const [claim, dismiss] = [...shadow().querySelectorAll<HTMLElement>('button.btn')]
  expect(claim!.style.getPropertyValue('--kl-bg')).toBe('#AA0000')
  expect(claim!.style.getPropertyValue('--kl-hover-bg')).toBe('#880000')
  expect(claim!.style.getPropertyValue('--kl-fg')).toBe('#FFEEDD')
  expect(claim!.style.fontSize).toBe('18px')
  expect(claim!.style.borderRadius).toBe('20px')
  expect(claim!.style.width).toBe('auto')
  expect(claim!.style.marginLeft).toBe('0px')
  expect(claim!.style.marginRight).toBe('auto')
  expect(dismiss!.classList.contains('lnk')).toBe(true)
  expect(claim!.classList.contains('lnk')).toBe(false)
})

test('the close button takes its colours and size', () => {
  mountForm(ctx, styled(), hooks())
  const x = shadow().querySelector<HTMLElement>('button.x')!
  expect(x.style.color).toMatch(/#ff0000|rgb\(255, 0, 0\)/i)
  expect(x.style.backgroundColor).toMatch(/#000000|rgb\(0, 0, 0\)/i)
  expect(x.style.fontSize).toBe('24px')
  expect(x.style.width).toBe('36px')
})

test('style values that are not plain colours, fonts or numbers are dropped (no url(), no extra declarations)', () => {
  const f = styled()
  f.def.styles = {
    background_color: 'red;background-image:url(https://evil.example/x)',
    rich_text_styles: { body: { font_family: 'x;}</style><script>', text_color: 'url(https://evil.example/y)' } },
    border_styles: { radius: 'NaN' },
    width: 'custom',
    custom_width: 99999,
  }
  mountForm(ctx, f, hooks())
  const dlg = shadow().querySelector<HTMLElement>('.dlg')!
  expect(dlg.getAttribute('style') ?? '').not.toMatch(/url|evil|script/)
  expect(dlg.style.backgroundColor).toBe('')
  expect(dlg.style.borderRadius).toBe('')
  expect(dlg.style.maxWidth).toBe('1600px')
})
