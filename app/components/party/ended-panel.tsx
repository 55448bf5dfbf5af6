import { useLocation } from '@remix-run/react';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatePanel } from '~/components/state-panel';
import type { Ended, PendingMessage } from '~/core/chat-state';
import { needingWorkspaceTexts } from '~/i18n/workspace-texts';
import { lazyNamed } from '~/lib/lazy-named';
import { loadOutbox } from './use-party-chat';

// A guest's recap once the party is over (ADR 046), with its texts (the `recap` section).
const RecapView = lazyNamed(() => needingWorkspaceTexts(import('~/components/recap/recap-view')), 'RecapView');

/** A party that ended before the page was opened: messages kept from an earlier visit show as not sent. */
export function EndedOnLoad({ reason, kept }: { reason: Ended; kept?: { partyId: string; memberId: string } }) {
  const [unsent, setUnsent] = useState<PendingMessage[]>([]);
  useEffect(() => {
    if (kept)
      void loadOutbox()
        .then((outbox) => outbox.unsentOf(kept))
        .then(setUnsent, () => undefined);
  }, [kept]);
  const discard = (tempId: string) => {
    setUnsent((current) => current.filter((p) => p.tempId !== tempId));
    void loadOutbox().then((outbox) => outbox.removeEntry(tempId));
  };
  return <EndedPanel reason={reason} unsent={unsent} onDiscard={discard} recapOf={kept?.partyId} />;
}

const ENDED_VIEWS = {
  notFound: { title: 'party.notFoundTitle', text: 'party.notFoundText', tone: 'neutral' },
  expired: { title: 'party.expiredTitle', text: 'party.expiredText', tone: 'warning' },
  removed: { title: 'party.removedTitle', text: 'party.removedText', tone: 'warning' },
  signedOut: { title: 'party.signedOutTitle', text: 'party.signedOutText', tone: 'neutral' },
} as const satisfies Record<Ended, { title: string; text: string; tone: 'neutral' | 'warning' }>;

/**
 * The full-screen view of a party this reader cannot (or can no longer) see. Messages that were
 * still waiting when it ended are shown as not sent, not silently dropped.
 */
export function EndedPanel({
  reason,
  unsent = [],
  onDiscard,
  recapOf,
}: {
  reason: Ended;
  unsent?: PendingMessage[];
  onDiscard?: (tempId: string) => void;
  /** The party whose recap a guest sees once it is over. */
  recapOf?: string | undefined;
}) {
  const { t } = useTranslation();
  const view = ENDED_VIEWS[reason];
  // The recap asks the API as the guest: her browser's, never the server render's.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <StatePanel title={t(view.title)} tone={view.tone}>
      <p>{t(view.text)}</p>
      {reason === 'signedOut' ? <SignInAgain /> : null}
      {unsent.length > 0 ? (
        <div className="text-left" data-testid="unsent">
          <p className="text-sm font-medium text-red-800">{t('party.notSent')}</p>
          <ul className="mt-1 space-y-1">
            {unsent.map((item) => (
              <li key={item.tempId} className="flex items-start gap-2 rounded-xl bg-red-50 px-3 py-1.5 text-sm text-slate-800 ring-1 ring-red-200">
                <span className="min-w-0 flex-1 whitespace-pre-wrap break-words">{item.message}</span>
                {onDiscard ? (
                  <button
                    type="button"
                    onClick={() => onDiscard(item.tempId)}
                    className="shrink-0 rounded text-xs font-medium text-red-800 underline hover:text-red-950"
                  >
                    {t('party.discard')}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {reason === 'expired' && recapOf && mounted ? (
        <Suspense fallback={null}>
          <RecapView partyId={recapOf} />
        </Suspense>
      ) : null}
    </StatePanel>
  );
}

/** Back to this party once signed in (the sign-in returns to the page it was asked from). */
function SignInAgain() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <a
      href={`/login?returnTo=${encodeURIComponent(pathname)}`}
      className="inline-block rounded-full bg-primary-dark px-5 py-2.5 font-medium text-white hover:bg-primary-dark/90"
    >
      {t('party.signInAgain')}
    </a>
  );
}
