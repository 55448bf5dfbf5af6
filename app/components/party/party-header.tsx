import { Link, useNavigate } from '@remix-run/react';
import { Suspense, memo } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyLinkButton, TEXT_FROM } from '~/components/copy-link-button';
import { LanguageMenu } from '~/components/language-menu';
import { useDateFormatter } from '~/components/local-time';
import type { PartyInfo } from '~/core/party';
import type { Member } from '~/core/protocol';
import { lazyNamed } from '~/lib/lazy-named';
import type { PartyDialog } from './party-dialogs';
import { NAME_TOOL, ROUND_TOOL } from './header-tools';
import { RestrictionToggle } from './restriction-toggle';

// A member's tools are never part of a new guest's first load (ADR 027): the guest's own menu (with
// the install offer, ADR 033), the bell, and the search and QR buttons (ADR 043). They are drawn in
// the browser only, a lazy boundary still hydrating when the room's first updates come would be
// thrown away (React #421); until they are there, a box of their size keeps their place, so nothing
// in the header moves when they arrive (ADR 051). Their labels are party texts (`partyTools`): a
// member's page loads no workspace texts for them.
const NameMenu = lazyNamed(() => import('./name-menu'), 'NameMenu');
const NotifyButton = lazyNamed(() => import('./notify-button'), 'NotifyButton');
const SocialButtons = lazyNamed(() => import('~/components/social/social-buttons'), 'SocialButtons');

interface Props {
  party: PartyInfo;
  me: Member | null;
  joined: boolean;
  expired: boolean;
  /** The manager is selecting messages: the header offers no second start. */
  selecting: boolean;
  /** Writing is restricted, and whether the reader may change that. */
  restricted: boolean;
  mayRestrict: boolean;
  /** What the notifications dialog turned on or off here; until then the bell asks the browser. */
  notifyOn: boolean | null;
  /** The page has hydrated: the lazy tools are drawn in the browser only. */
  mounted: boolean;
  /** The manager's or host's open reports (ADR 064): a button while there are any. */
  reportsOpen: number;
  openDialog: (dialog: PartyDialog) => void;
  onStartSelection: () => void;
  onRestrict: (restricted: boolean) => void;
  /** Opens the camera to go live (ADR 060); null when the reader may not, or a show is on. */
  onGoLive: (() => void) | null;
  onRename: (firstName: string, lastName: string) => Promise<boolean>;
  onLeave: () => Promise<boolean>;
}

/**
 * The party's header: its title, host, manager and start, and the reader's tools. On a phone the
 * manager's tools may not fit beside the title: they wrap to a second row rather than widen the
 * page; a guest's few fit beside it. Drawn again only when one of its props changes, not for every
 * word of the room (ADR 051): its handlers are stable.
 */
export const PartyHeader = memo(function PartyHeader({
  party,
  me,
  joined,
  expired,
  selecting,
  restricted,
  mayRestrict,
  notifyOn,
  mounted,
  reportsOpen,
  openDialog,
  onStartSelection,
  onRestrict,
  onGoLive,
  onRename,
  onLeave,
}: Props) {
  const { t } = useTranslation();
  const format = useDateFormatter();
  const navigate = useNavigate();
  const isManager = me?.role === 'manager';
  // The hostess's invitation is the host's and the manager's (issue 43).
  const inviter = isManager || me?.role === 'host';
  const managerName = party.manager ? `${party.manager.firstName} ${party.manager.lastName}` : null;
  return (
    <header className="flex flex-wrap items-center gap-1 border-b border-slate-200 bg-white px-2 py-2 sm:flex-nowrap sm:gap-2 sm:px-4">
      {isManager ? (
        <Link to="/parties" className="rounded-full p-2 hover:bg-slate-100" aria-label={t('nav.backToDashboard')}>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="m15 18-6-6 6-6" />
          </svg>
        </Link>
      ) : null}
      <div className="min-w-0 flex-1 basis-32">
        <h1 className="truncate text-lg font-semibold">{party.title}</h1>
        <p className="truncate text-sm text-slate-600">
          {[
            party.host ? t('party.host', { host: party.host }) : null,
            managerName ? t('party.managedBy', { name: managerName }) : null,
            party.start ? t('party.startsAt', { date: format(party.start) }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      {me ? <CopyLinkButton path={`/${party.shortId}`} disabled={expired} compact={isManager ? '2xl' : 'sm'} /> : null}
      {joined ? (
        mounted ? (
          <Suspense
            fallback={
              <ToolPlace qr={me && !expired ? (isManager ? 'always' : 'fromSm') : 'none'} invite={inviter && !expired ? (isManager ? '2xl' : 'sm') : null} />
            }
          >
            <SocialButtons
              onQr={me && !expired ? () => openDialog({ kind: 'qr' }) : null}
              qrOnPhones={isManager}
              onSearch={() => openDialog({ kind: 'search' })}
              invite={
                inviter && !expired
                  ? { shortId: party.shortId, title: party.title, consultant: managerName ?? 'Salon', compact: isManager ? '2xl' : 'sm' }
                  : null
              }
              onInviteFallback={(text) => openDialog({ kind: 'invite', text })}
            />
          </Suspense>
        ) : (
          <ToolPlace qr={me && !expired ? (isManager ? 'always' : 'fromSm') : 'none'} invite={inviter && !expired ? (isManager ? '2xl' : 'sm') : null} />
        )
      ) : null}
      {onGoLive && !selecting ? <HeaderTool label={t('live.goLive')} onClick={onGoLive} icon={<path d="M3 7h12v10H3Z M15 10l6-3v10l-6-3" />} /> : null}
      {reportsOpen > 0 ? (
        <button
          type="button"
          onClick={() => openDialog({ kind: 'reports' })}
          className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-amber-100 px-3 py-1.5 text-sm font-medium text-amber-950 ring-1 ring-amber-300 hover:bg-amber-200"
        >
          {/* A flag and the count until 2xl, as the tools beside it; the words from 2xl (and always for screen readers). */}
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 2xl:hidden" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M5 21V4 M5 4h11l-2 4 2 4H5" />
          </svg>
          <span aria-hidden="true" className="2xl:hidden">
            {reportsOpen}
          </span>
          <span className="sr-only 2xl:not-sr-only">{t('partyTools.reports', { count: reportsOpen })}</span>
        </button>
      ) : null}
      {isManager && !expired && !selecting ? (
        <HeaderTool
          label={t('selection.start')}
          onClick={onStartSelection}
          icon={
            <>
              <rect x="4" y="4" width="16" height="16" rx="3" />
              <path d="m8 12 3 3 5-6" />
            </>
          }
        />
      ) : null}
      {isManager && !expired ? (
        <HeaderTool
          label={t('party.templateButton')}
          onClick={() => openDialog({ kind: 'chooseTemplate' })}
          icon={<path d="M5 4h14v16H5Z M8 8h8 M8 12h8 M8 16h5" />}
        />
      ) : null}
      {isManager && !expired ? (
        <HeaderTool
          label={t('raffle.tool')}
          onClick={() => openDialog({ kind: 'raffle' })}
          icon={<path d="M4 11h16v9H4Z M3 7h18v4H3Z M12 7v13 M12 7c-2-4-6-4-6-1s6 1 6 1Zm0 0c2-4 6-4 6-1s-6 1-6 1Z" />}
        />
      ) : null}
      {isManager ? (
        <Link to={`/parties/${party.id}/follow-up`} className="rounded-full p-2 hover:bg-slate-100" title={t('raffle.followUp')}>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M9 6h11 M9 12h11 M9 18h11 M4 6h.01 M4 12h.01 M4 18h.01" />
          </svg>
          <span className="sr-only">{t('raffle.followUp')}</span>
        </Link>
      ) : null}
      {/* Below 2xl the header has no room for it: it stands with the guests (side-column.tsx). */}
      {mayRestrict ? <RestrictionToggle restricted={restricted} onChange={onRestrict} className="hidden py-1.5 2xl:block" /> : null}
      {me && !expired ? (
        mounted ? (
          <Suspense fallback={<ToolPlace />}>
            <NotifyButton partyId={party.id} on={notifyOn} onOpen={() => openDialog({ kind: 'notify' })} />
          </Suspense>
        ) : (
          <ToolPlace />
        )
      ) : null}
      <LanguageMenu disabled={expired && !isManager} />
      {me && me.role !== 'manager' ? (
        mounted ? (
          <Suspense fallback={<NamePlace name={me.firstName} />}>
            <NameMenu
              me={me}
              disabled={expired}
              onRename={onRename}
              onLeave={async () => {
                if (await onLeave()) navigate('/', { replace: true });
              }}
            />
          </Suspense>
        ) : (
          <NamePlace name={me.firstName} />
        )
      ) : null}
    </header>
  );
});

/**
 * The place of the round tools still on their way (the bell; the search, and the QR code where it
 * shows: a guest's only from sm): their box, nothing to see or press.
 */
function ToolPlace({ qr = 'none', invite = null }: { qr?: 'none' | 'fromSm' | 'always'; invite?: keyof typeof TEXT_FROM | null }) {
  const { t } = useTranslation();
  const place = (extra: string) => (
    <span aria-hidden="true" className={`${ROUND_TOOL} invisible ${extra}`}>
      <svg viewBox="0 0 24 24" className="h-5 w-5" />
    </span>
  );
  return (
    <>
      {invite ? (
        // "Invite friends": its icon on a phone, its words from `invite`'s breakpoint, as the button will be.
        <span aria-hidden="true" className={`invisible inline-block rounded-full text-sm font-medium ring-1 ${TEXT_FROM[invite].button}`}>
          <svg viewBox="0 0 24 24" className={`h-5 w-5 ${TEXT_FROM[invite].icon}`} />
          <span className={TEXT_FROM[invite].text}>{t('partyTools.invite')}</span>
        </span>
      ) : null}
      {qr === 'none' ? null : place(qr === 'always' ? '' : 'hidden sm:inline-block')}
      {place('')}
    </>
  );
}

/** The place of the guest's name menu while it loads: its button, with her name. */
function NamePlace({ name }: { name: string }) {
  return (
    <span aria-hidden="true" className={NAME_TOOL}>
      <span className="block truncate">{name}</span>
    </span>
  );
}

/**
 * A tool of the manager's header: an icon until 2xl, so the party's title keeps its room beside her
 * many tools (copy, invite, QR, search, live, reports, select, template, raffle, follow-up, the
 * bell) on a phone, a tablet and a 1280 px desktop; the text from 2xl up, as the link's and the
 * invitation's buttons (TEXT_FROM).
 */
function HeaderTool({ label, onClick, icon }: { label: string; onClick: () => void; icon: ReactNode }) {
  const shape = TEXT_FROM['2xl'];
  return (
    <button
      type="button"
      onClick={onClick}
      title={label}
      className={`whitespace-nowrap rounded-full text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100 ${shape.button}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className={`h-5 w-5 ${shape.icon}`} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        {icon}
      </svg>
      <span className={shape.text}>{label}</span>
    </button>
  );
}
