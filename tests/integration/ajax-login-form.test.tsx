// The sign-in form in the browser: client-side required fields, the server's 401 message in
// the error banner, the disabled button while pending and the request it sends.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import messages from '@/messages/en-US.json'
import { LoginForm } from '@/components/auth/login-form'

const wrap = () =>
  render(
    <NextIntlClientProvider locale="en-US" messages={messages}>
      <LoginForm nextPath="/flows" fromNext />
    </NextIntlClientProvider>,
  )

// jsdom has no Response: a minimal one with what the HTTP module reads.
const jsonResponse = (status: number, body: unknown) => ({
  type: 'basic',
  status,
  ok: status >= 200 && status < 300,
  redirected: false,
  url: '/ajax/login',
  headers: { get: () => 'application/json' },
  text: async () => JSON.stringify(body),
})

let fetchMock: jest.Mock
beforeEach(() => {
  document.cookie = 'kl_csrftoken=abc123'
  fetchMock = jest.fn()
  globalThis.fetch = fetchMock as unknown as typeof fetch
})

test('empty fields are flagged without a request', () => {
  wrap()
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
  expect(screen.getByText('Enter your email address.')).toBeInTheDocument()
  expect(screen.getByText('Enter your password.')).toBeInTheDocument()
  expect(fetchMock).not.toHaveBeenCalled()
})

test('a 401 shows the server message; the button is busy while pending', async () => {
  let answer!: (r: unknown) => void
  fetchMock.mockImplementation(
    () =>
      new Promise((r) => {
        answer = r
      }),
  )
  wrap()
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'me@example.test' } })
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } })
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
  await waitFor(() => expect(fetchMock).toHaveBeenCalled())
  expect(screen.getByRole('button', { name: /Sign in/ })).toBeDisabled()

  const [url, init] = fetchMock.mock.calls[0]!
  expect(String(url)).toBe('/ajax/login')
  expect(init.method).toBe('POST')
  expect(new Headers(init.headers).get('X-CSRFToken')).toBe('abc123')
  expect(JSON.parse(init.body)).toEqual({ email: 'me@example.test', password: 'wrong' })

  await act(async () => {
    answer(
      jsonResponse(401, { error: 'invalid_credentials', message: 'The email or password you entered is incorrect.' }),
    )
  })
  expect(await screen.findByRole('alert')).toHaveTextContent('The email or password you entered is incorrect.')
  expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled()
})

test('links to register and password reset; autocomplete attributes', () => {
  wrap()
  expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/account/password-reset')
  expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'username')
  expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password')
})
