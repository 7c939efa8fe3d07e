// Phone width (issue 12 §4), the parts a DOM test can see: long emails get break points after "@"
// and before "." and "-" instead of breaking mid-word; a table is a focusable, named region so a
// table wider than the screen can be scrolled from the keyboard (its edge shadows are CSS, checked
// in the browser spec tests/e2e/phone-and-links.spec.ts).
import { render, screen } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import messages from '@/messages/en-US.json'
import { BreakableEmail } from '@/components/profile/breakable-email'
import { Table } from '@/components/ui/table'

test('an email wraps at its natural points', () => {
  const { container } = render(
    <p>
      <BreakableEmail email="first.last-name@very-long-company.example.com" />
    </p>,
  )
  expect(container.textContent).toBe('first.last-name@very-long-company.example.com')
  expect(container.querySelector('p')!.innerHTML).toBe(
    'first<wbr>.last<wbr>-name@<wbr>very<wbr>-long<wbr>-company<wbr>.example<wbr>.com',
  )
})

test('a table scrolls in a focusable region named by its caption', () => {
  render(
    <NextIntlClientProvider locale="en-US" messages={messages}>
      <Table caption="Subscribers" columns={[{ key: 'a', header: 'A' }]} rows={[{ id: 1, a: 'x' }]} />
    </NextIntlClientProvider>,
  )
  const region = screen.getByRole('region', { name: 'Subscribers' })
  expect(region).toHaveAttribute('tabindex', '0')
  expect(region.querySelector('table')).not.toBeNull()
})
