import { Alert } from './Alert';
import { Button } from './Button';
import layout from './layout.module.css';

/** A failed load announced above what the screen still shows, with a button to read it again. */
export function RetryNotice({ message, retryLabel, onRetry }: { message: string; retryLabel: string; onRetry: () => void }) {
  return (
    <Alert as="div" className={layout.notice}>
      <p>{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        {retryLabel}
      </Button>
    </Alert>
  );
}
