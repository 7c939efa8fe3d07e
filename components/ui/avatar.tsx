// User or company avatar: the photo when there is one, otherwise initials on a colour.
import type { CSSProperties } from 'react'
import styles from './avatar.module.css'

export interface AvatarProps {
  name: string
  photoUrl?: string | null
  /** Background for initials, e.g. a company's avatarColor. */
  color?: string
  size?: 'small' | 'medium' | 'large'
  shape?: 'circle' | 'square'
}

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  if (parts.length === 0) return '?'
  const first = parts[0][0] ?? ''
  const last = parts.length > 1 ? (parts[parts.length - 1][0] ?? '') : ''
  return (first + last).toUpperCase()
}

export function Avatar({ name, photoUrl, color, size = 'medium', shape = 'circle' }: AvatarProps) {
  const className = `${styles.avatar} ${styles[size]} ${styles[shape]}`
  if (photoUrl) {
    // eslint-disable-next-line @next/next/no-img-element -- user photos come from arbitrary hosts
    return <img src={photoUrl} alt="" className={className} />
  }
  // The colour is data (per company), so it is passed as a custom property, not a class.
  const style = color ? ({ '--avatar-color': color } as CSSProperties) : undefined
  return (
    <span className={className} style={style} aria-hidden="true">
      {initialsOf(name)}
    </span>
  )
}
