/**
 * A signing secret the API has just answered with (a new endpoint, a rotation): shown with a copy
 * button until dismissed. The API never returns it again.
 */
import { ShownOnce } from './ShownOnce';

export function WebhookSecret({
  secret,
  note,
  onClose,
}: {
  secret: string;
  note?: string;
  onClose: () => void;
}) {
  return (
    <ShownOnce
      title="Signing secret: copy it now, it is not shown again"
      value={secret}
      testId="webhook-secret"
      closeLabel="Dismiss the secret"
      onClose={onClose}
      {...(note ? { note } : {})}
    />
  );
}
