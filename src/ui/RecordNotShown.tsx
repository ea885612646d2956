import { Link } from 'react-router';
import { Alert } from './Alert';
import { Spinner } from './Spinner';
import styles from './conversation.module.css';

type RecordNotShownProps = {
  /** The heading's id (the section is labelled by it) and text. */
  titleId: string;
  title: string;
  /** Still reading it from the server: a spinner instead of the message. */
  refreshing: boolean;
  loadingLabel: string;
  /** Why there is nothing to show (not found, or the load failed). */
  message: string;
  back: { to: string; label: string };
};

/** A record the device does not hold (yet): the screen's title, why, and the way back to the list. */
export function RecordNotShown({ titleId, title, refreshing, loadingLabel, message, back }: RecordNotShownProps) {
  return (
    <section className={styles.screen} aria-labelledby={titleId}>
      <h1 id={titleId} className={styles.heading}>
        {title}
      </h1>
      {refreshing ? <Spinner label={loadingLabel} /> : <Alert>{message}</Alert>}
      <Link to={back.to}>{back.label}</Link>
    </section>
  );
}
