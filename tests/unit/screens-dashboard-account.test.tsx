// The dashboard's account card names the status and plan (issue 12 §4): "Active" and "Email Pro",
// never the internal "ACTIVE" / "email-pro".
import { render, screen } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import messages from '@/messages/en-US.json'
import deMessages from '@/messages/de-DE.json'
import { AccountStatusBadge, PlanName } from '@/components/dashboard/account-status'

describe('dashboard account status and plan', () => {
  test.each([
    [0, 'Active', 'ACTIVE'],
    [8, 'Cancellation scheduled', 'SCHEDULED_FOR_CANCELLATION'],
    [6, 'Disabled by compliance', 'DISABLED_BY_COMPLIANCE'],
    [99, 'Unknown', 'UNKNOWN'],
  ])('status %i reads "%s"', (status, name, internal) => {
    render(
      <NextIntlClientProvider locale="en-US" messages={messages}>
        <AccountStatusBadge status={status} />
      </NextIntlClientProvider>,
    )
    expect(screen.getByText(name)).toBeInTheDocument()
    expect(screen.queryByText(internal)).not.toBeInTheDocument()
  })

  test.each([
    ['email-pro', 'Email Pro'],
    ['free', 'Free'],
    ['sms_growth', 'Sms Growth'],
  ])('plan %s reads "%s"', (planKey, name) => {
    render(
      <NextIntlClientProvider locale="en-US" messages={messages}>
        <p data-testid="plan">
          <PlanName planKey={planKey} />
        </p>
      </NextIntlClientProvider>,
    )
    expect(screen.getByTestId('plan')).toHaveTextContent(name)
    expect(screen.getByTestId('plan')).not.toHaveTextContent(planKey)
  })

  test('names are translated', () => {
    render(
      <NextIntlClientProvider locale="de-DE" messages={deMessages}>
        <AccountStatusBadge status={0} />
        <PlanName planKey="free" />
      </NextIntlClientProvider>,
    )
    expect(screen.getByText('Aktiv')).toBeInTheDocument()
    expect(screen.getByText('Kostenlos')).toBeInTheDocument()
  })
})
