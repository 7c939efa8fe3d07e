'use client'
// A person in a table: their email (else phone, else id) linking to the profile, and their name.
import Link from 'next/link'
import styles from './people.module.css'

export interface PersonFields {
  profileId: string
  email: string | null
  phoneNumber: string | null
  firstName: string | null
  lastName: string | null
}

export function ProfileLink({ person }: { person: PersonFields }) {
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ')
  return (
    <span className={styles.person}>
      <Link
        href={`/profile/${encodeURIComponent(person.profileId)}`}
        className={styles.link}
        data-testid="profile-link"
      >
        {person.email ?? person.phoneNumber ?? person.profileId}
      </Link>
      {name && <span className={styles.muted}>{name}</span>}
    </span>
  )
}
