// The country condition offers the countries present in the data (with their counts) and every
// ISO country by name, and saves the ISO code (issue 12 §4).
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import messages from '@/messages/en-US.json'
import { CountrySelect } from '@/components/segment-builder/simple-fields'

beforeEach(() => {
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => ({
    ok: true,
    status: 200,
    type: 'basic',
    redirected: false,
    url: String(input),
    headers: new Headers({ 'Content-Type': 'application/json' }),
    text: async () =>
      JSON.stringify({
        countries: [
          { value: 'United States', code: 'US', count: 1200 },
          { value: 'USA', code: 'US', count: 34 },
          { value: 'Atlantis', code: null, count: 2 },
        ],
      }),
  })) as unknown as typeof fetch
})

test('countries in the data first, merged by code, then all ISO countries; a choice is saved as the code', async () => {
  const onChange = jest.fn()
  render(
    <NextIntlClientProvider locale="en-US" messages={messages} onError={() => {}}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <CountrySelect value="" onChange={onChange} />
      </SWRConfig>
    </NextIntlClientProvider>,
  )
  const select = screen.getByRole('combobox', { name: 'Country' })
  await waitFor(() => expect(within(select).getByRole('group', { name: 'In your profiles' })).toBeInTheDocument())
  const inData = within(within(select).getByRole('group', { name: 'In your profiles' }))
    .getAllByRole('option')
    .map((o) => [o.getAttribute('value'), o.textContent])
  expect(inData).toEqual([
    ['US', 'United States (US) · 1,234 profiles'],
    ['Atlantis', 'Atlantis · 2 profiles'],
  ])
  const all = within(within(select).getByRole('group', { name: 'All countries' })).getAllByRole('option')
  expect(all.length).toBeGreaterThan(240)
  expect(all.map((o) => o.textContent)).toContain('Germany (DE)')
  fireEvent.change(select, { target: { value: 'DE' } })
  expect(onChange).toHaveBeenCalledWith('DE')
})
