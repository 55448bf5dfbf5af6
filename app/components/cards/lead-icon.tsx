import type { LeadType } from '~/core/cards';

/**
 * The mark of a "host your own party" card (a calendar with a heart) or a "join the team" card (two
 * people), drawn rather than an emoji, which a device without an emoji font shows as nothing.
 */
export function LeadIcon({ kind, className = 'h-5 w-5' }: { kind: LeadType; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={`${className} shrink-0`}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {kind === 'booking' ? (
        <>
          <rect x="3" y="5" width="18" height="16" rx="2" />
          <path d="M3 10h18M8 3v4M16 3v4" />
          <path d="M12 18.5s-3-1.8-3-3.7a1.6 1.6 0 0 1 3-.8 1.6 1.6 0 0 1 3 .8c0 1.9-3 3.7-3 3.7z" />
        </>
      ) : (
        <>
          <circle cx="9" cy="8" r="3" />
          <path d="M3 20a6 6 0 0 1 12 0" />
          <circle cx="17" cy="9" r="2.5" />
          <path d="M16 14.2a5 5 0 0 1 5.5 5.8" />
        </>
      )}
    </svg>
  );
}
