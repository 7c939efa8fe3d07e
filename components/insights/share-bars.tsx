// Rows of a label, a count and a horizontal bar of its share of the largest row: a compact
// chart that reads on a phone and needs no chart library.
import { useFormatter } from 'next-intl'
import styles from './insights.module.css'

export function ShareBars({ rows }: { rows: Array<{ key: string; label: string; value: number }> }) {
  const format = useFormatter()
  const max = Math.max(1, ...rows.map((r) => r.value))
  return (
    <table className={styles.table}>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row">{r.label}</th>
            <td className={styles.num}>{format.number(r.value)}</td>
            <td style={{ width: '50%' }}>
              <div className={styles.barTrack}>
                <div className={styles.bar} style={{ width: `${(r.value / max) * 100}%` }} />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
