// The small × that closes inline notifications, toasts and banners.
import { CloseIcon } from './icons'
import styles from './dismiss-button.module.css'

export function DismissButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className={styles.dismiss} onClick={onClick} aria-label={label}>
      <CloseIcon size={16} />
    </button>
  )
}
