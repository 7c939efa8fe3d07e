// A WhatsApp template as the recipient sees it: the body in a chat bubble with its {{n}}
// variables filled by the example values (a missing one stays visible as {{n}}).
import styles from './mobile-editor.module.css'

export const fillVariables = (body: string, values: string[]) =>
  body.replace(/\{\{\s*(\d+)\s*\}\}/g, (all, n: string) => values[Number(n) - 1] || all)

export function WhatsAppBubble({ body, values }: { body: string; values: string[] }) {
  return (
    <div className={styles.phone}>
      <div className={styles.bubble} data-testid="whatsapp-preview">
        {fillVariables(body, values)}
      </div>
    </div>
  )
}
