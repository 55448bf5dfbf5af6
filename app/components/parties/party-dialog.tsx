import { Form, useNavigation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '~/components/error-banner';
import { Dialog } from '~/components/dialog';
import { DateFields } from '~/components/date-fields';
import type { DateTimeParts } from '~/core/dates';
import { EMPTY_DATE_TIME, dateTimeParts, readWallTime, toLocalInput, wallTime } from '~/core/dates';
import type { ErrorCode } from '~/core/errors';
import { LIMITS } from '~/core/limits';
import { defaultExpiration, partyDatesError } from '~/core/party';

export interface PartyDialogValues {
  id: string;
  title: string;
  host: string | null;
  manager: { id: string } | null;
  start: number | null;
  expiration: number | null;
  passwordProtected: boolean;
  restrictedMessaging: boolean;
}

interface Props {
  /** The party to edit; absent to create one. */
  party?: PartyDialogValues | undefined;
  profiles: { id: string; firstName: string; lastName: string }[];
  /** The profile new parties are managed by unless another is chosen. */
  selectedProfileId: string | null;
  error: ErrorCode | null;
  onClose: () => void;
}

/**
 * Create or edit a party. Party type is required; start and expiration are optional and clearable
 * (an empty expiration means the party never expires; a new party starts with 3 days); the manager
 * is asked for only when the account has several profiles. Times are the browser's wall time, typed
 * in the page's language (DateFields): the form sends them as `datetime-local` values with its zone
 * offset along. The dates are checked here by the same rules the server applies, and a refusal
 * shows at the field it is about.
 */
export function PartyDialog({ party, profiles, selectedProfileId, error, onClose }: Props) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [offset, setOffset] = useState(0);
  const [startParts, setStartParts] = useState<DateTimeParts>(EMPTY_DATE_TIME);
  const [expirationParts, setExpirationParts] = useState<DateTimeParts>(EMPTY_DATE_TIME);
  const [removePassword, setRemovePassword] = useState(false);
  const [datesError, setDatesError] = useState<{ field: 'start' | 'expiration'; code: ErrorCode } | null>(null);
  const start = wallTime(startParts);
  const expiration = wallTime(expirationParts);
  const startRead = readWallTime(start, offset);
  const expirationRead = readWallTime(expiration, offset);
  const ending = party !== undefined && 'ms' in expirationRead && (expirationRead.ms ?? Infinity) <= Date.now();
  // A refusal by the server about the dates shows at the expiration field, like the dialog's own check.
  const errorAt = (field: 'start' | 'expiration') =>
    datesError
      ? datesError.field === field
        ? datesError.code
        : null
      : field === 'expiration' && (error === 'expiryInPast' || error === 'expiryBeforeStart' || error === 'invalidDate')
        ? error
        : null;
  const startError = errorAt('start');
  const fieldError = errorAt('expiration');
  /** What the server would refuse, at the field it is about: a date that names no time, then the dates' rule. */
  const refusal = (): typeof datesError => {
    if ('error' in startRead) return { field: 'start', code: startRead.error };
    if ('error' in expirationRead) return { field: 'expiration', code: expirationRead.error };
    const code = partyDatesError({ start: startRead.ms, expiration: expirationRead.ms }, Date.now(), party !== undefined);
    return code ? { field: 'expiration', code } : null;
  };

  useEffect(() => {
    const minutes = new Date().getTimezoneOffset();
    setOffset(minutes);
    setStartParts(party?.start ? dateTimeParts(toLocalInput(party.start, minutes)) : EMPTY_DATE_TIME);
    const expires = party ? party.expiration : defaultExpiration(Date.now());
    setExpirationParts(expires === null ? EMPTY_DATE_TIME : dateTimeParts(toLocalInput(expires, minutes)));
  }, [party]);

  const field = 'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 focus:border-primary-dark';
  const clear = (label: string, onClear: () => void, value: string) =>
    value ? (
      <button type="button" onClick={onClear} className="mt-1 text-sm font-medium text-primary-dark underline">
        {label}
      </button>
    ) : null;

  return (
    <Dialog aria-labelledby="party-dialog-title" onCancel={onClose} size="lg">
      <Form
        method="post"
        onSubmit={(event) => {
          const refused = refusal();
          setDatesError(refused);
          if (refused) {
            event.preventDefault();
            document.getElementById(`party-${refused.field}-day`)?.focus();
          }
        }}
        className="grid gap-4 p-5 sm:grid-cols-2"
      >
        <h2 id="party-dialog-title" className="text-lg font-semibold sm:col-span-2">
          {party ? t('partyForm.editTitle') : t('partyForm.title')}
        </h2>
        <input type="hidden" name="intent" value={party ? 'update' : 'create'} />
        {party ? <input type="hidden" name="id" value={party.id} /> : null}
        <input type="hidden" name="tzOffset" value={offset} />
        <label className="block sm:col-span-2">
          <span className="font-medium">{t('partyForm.partyType')}</span>
          <input
            name="title"
            required
            maxLength={LIMITS.partyTitleMax}
            defaultValue={party?.title ?? ''}
            placeholder={t('partyForm.partyTypeHint')}
            className={field}
          />
        </label>
        <label className="block">
          <span className="font-medium">{t('partyForm.host')}</span>
          <input name="host" maxLength={LIMITS.hostNameMax} defaultValue={party?.host ?? ''} className={field} />
        </label>
        {profiles.length > 1 ? (
          <label className="block">
            <span className="font-medium">{t('partyForm.manager')}</span>
            <select name="manager" required defaultValue={party?.manager?.id ?? selectedProfileId ?? ''} className={field}>
              <option value="" disabled>
                {t('partyForm.chooseManager')}
              </option>
              {profiles.map((profile) => (
                <option key={profile.id} value={profile.id}>
                  {profile.firstName} {profile.lastName}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <div>
          <input type="hidden" name="start" value={start} />
          <DateFields
            id="party-start"
            legend={t('partyForm.start')}
            parts={startParts}
            onChange={(parts) => {
              setStartParts(parts);
              setDatesError(null);
            }}
            invalid={startError !== null}
            describedBy={startError ? 'start-error' : undefined}
          />
          <ErrorBanner layout="field" id="start-error" code={startError} className="mt-1" />
          {clear(
            t('partyForm.clearStart'),
            () => {
              setStartParts(EMPTY_DATE_TIME);
              setDatesError(null);
            },
            start,
          )}
        </div>
        <div>
          <input type="hidden" name="expiration" value={expiration} />
          <DateFields
            id="party-expiration"
            legend={t('partyForm.expiration')}
            parts={expirationParts}
            onChange={(parts) => {
              setExpirationParts(parts);
              setDatesError(null);
            }}
            invalid={fieldError !== null}
            describedBy="expiration-hint"
          />
          {fieldError ? (
            <ErrorBanner layout="field" id="expiration-hint" code={fieldError} className="mt-1" />
          ) : (
            <p id="expiration-hint" className="mt-1 text-sm text-slate-600">
              {ending ? t('partyForm.endsOnSave') : expiration ? t('partyForm.expirationHint') : t('parties.neverExpires')}
            </p>
          )}
          {clear(
            t('partyForm.neverExpires'),
            () => {
              setExpirationParts(EMPTY_DATE_TIME);
              setDatesError(null);
            },
            expiration,
          )}
        </div>
        <div>
          <label className="block">
            <span className="font-medium">{t('partyForm.password')}</span>
            <input
              type="password"
              name="password"
              autoComplete="new-password"
              maxLength={LIMITS.passwordMax}
              disabled={removePassword}
              placeholder={party?.passwordProtected ? t('partyForm.passwordKeep') : ''}
              aria-describedby={party ? 'password-hint' : undefined}
              className={`${field} disabled:bg-slate-100`}
            />
          </label>
          {party ? (
            <p id="password-hint" className="mt-1 text-sm text-slate-600">
              {t('partyForm.passwordMembersStay')}
            </p>
          ) : null}
          {party?.passwordProtected ? (
            <label className="mt-2 flex items-center gap-2">
              <input
                type="checkbox"
                name="removePassword"
                checked={removePassword}
                onChange={(event) => setRemovePassword(event.target.checked)}
                className="h-4 w-4"
              />
              {t('partyForm.removePassword')}
            </label>
          ) : null}
        </div>
        <label className="flex items-center gap-2 self-end pb-2">
          <input type="checkbox" name="restrictedMessaging" defaultChecked={party?.restrictedMessaging ?? false} className="h-4 w-4" />
          {t('partyForm.restricted')}
        </label>
        <ErrorBanner code={error !== fieldError ? error : null} className="sm:col-span-2" />
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <button
            type="submit"
            disabled={navigation.state === 'submitting'}
            className="rounded-full bg-primary-dark px-5 py-2.5 font-medium text-white hover:bg-primary-dark/90 disabled:opacity-60"
          >
            {party ? t('partyForm.save') : t('partyForm.submit')}
          </button>
          <button type="button" onClick={onClose} className="rounded-full px-5 py-2.5 font-medium ring-1 ring-slate-300 hover:bg-slate-100">
            {t('partyForm.cancel')}
          </button>
        </div>
      </Form>
    </Dialog>
  );
}
