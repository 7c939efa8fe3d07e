// An email address that wraps at its natural points (after "@", before each "." and "-") on
// narrow screens instead of breaking mid-word; overflow-wrap stays as the last resort.
import { Fragment } from 'react'

export function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?=[.\-])|(?<=@)/)
  return (
    <>
      {parts.map((p, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {p}
        </Fragment>
      ))}
    </>
  )
}
