import { useFormats } from '../../ui/useFormats';
import styles from '../../ui/fieldScreens.module.css';
import own from './Books.module.css';

/** One total of the books; `over` marks it a debt (the balance a contact still owes). */
export type AmountFact = { label: string; agorot: number; over?: boolean };

/** Totals side by side: each label over its amount in shekels. */
export function AmountFacts({ facts }: { facts: readonly AmountFact[] }) {
  const f = useFormats();
  return (
    <dl className={styles.facts}>
      {facts.map((x) => (
        <div key={x.label}>
          <dt>{x.label}</dt>
          <dd className={`${own.amount} ${x.over ? own.over : ''}`}>{f.agorot(x.agorot)}</dd>
        </div>
      ))}
    </dl>
  );
}
