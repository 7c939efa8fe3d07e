// /support (issue 12 §4): the "Contact support" and "Help and support" links land on a screen that
// files a support request and points to staff access in the security settings.
import { fireEvent, render, screen } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import messages from '@/messages/en-US.json'
import { HelpScreen } from '@/components/support/help-screen'
import { ToastProvider } from '@/components/shell/toasts'

test('help and support opens the support form and links to staff access', () => {
  render(
    <NextIntlClientProvider locale="en-US" messages={messages}>
      <ToastProvider>
        <HelpScreen />
      </ToastProvider>
    </NextIntlClientProvider>,
  )
  expect(screen.getByRole('heading', { level: 1, name: 'Help and support' })).toBeInTheDocument()
  expect(screen.getByRole('link', { name: /staff access/ })).toHaveAttribute('href', '/settings/account/security')
  fireEvent.click(screen.getByRole('button', { name: 'Write to support' }))
  expect(screen.getByRole('dialog', { name: 'Contact support' })).toBeInTheDocument()
  expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveFocus()
})
