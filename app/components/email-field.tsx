import { ErrorBanner } from '~/components/error-banner';
import type { ErrorCode } from '~/core/errors';
import { LIMITS } from '~/core/limits';
import { TEXT_FIELD } from '~/lib/use-form-valid';

/**
 * A form's `email` field with the server's answer about it underneath (the field names the answer
 * in aria-describedby). `onEdit`: the answer was about the address as it was sent, so an edit takes it away.
 */
export function EmailField({ id, label, error, onEdit }: { id: string; label: string; error: ErrorCode | null; onEdit?: () => void }) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <input
        id={id}
        name="email"
        type="email"
        required
        autoComplete="email"
        maxLength={LIMITS.emailMax}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={onEdit}
        className={TEXT_FIELD}
      />
      <ErrorBanner layout="field" id={errorId} code={error} className="mt-2" />
    </div>
  );
}
