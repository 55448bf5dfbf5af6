import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Menu } from '~/components/menu';
import { LIMITS } from '~/core/limits';
import type { Member } from '~/core/protocol';
import { isValidName } from '~/core/text';
import { needingWorkspaceTexts } from '~/i18n/workspace-texts';
import { useInstallPrompt } from '~/lib/install-prompt';
import { lazyNamed } from '~/lib/lazy-named';
import { NAME_TOOL } from './header-tools';

// Renaming, leaving and the iOS install steps are rare: their dialog loads when one opens.
const ConfirmDialog = lazyNamed(() => import('~/components/confirm-dialog'), 'ConfirmDialog');
const AddToHomeScreenDialog = lazyNamed(() => needingWorkspaceTexts(import('~/components/add-to-home-screen-dialog')), 'AddToHomeScreenDialog');

/** The guest's own menu: change the name the others see, her parties, leave the party, or install Salon where the browser can. */
export function NameMenu({
  me,
  disabled,
  onRename,
  onLeave,
}: {
  me: Member;
  disabled: boolean;
  onRename: (first: string, last: string) => Promise<boolean>;
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'rename' | 'leave' | 'addToHome' | null>(null);
  const { offer, install } = useInstallPrompt();
  const [firstName, setFirstName] = useState(me.firstName);
  const [lastName, setLastName] = useState(me.lastName);
  const valid = isValidName(firstName, LIMITS.nameMax) && isValidName(lastName, LIMITS.nameMax);
  const field = 'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base focus:border-primary-dark';
  const rename = () => {
    // Always start from the name as it is now, not from an earlier, cancelled edit.
    setFirstName(me.firstName);
    setLastName(me.lastName);
    setDialog('rename');
  };
  return (
    <>
      <Menu
        label={`${t('guestMenu.label')}: ${me.firstName}`}
        buttonContent={<span className="block truncate">{me.firstName}</span>}
        disabled={disabled}
        items={[
          { key: 'rename', label: t('guestMenu.rename'), onSelect: rename },
          { key: 'myParties', label: t('guestMenu.myParties'), href: '/my-parties' },
          ...(offer
            ? [{ key: 'install', label: t('install.menuItem'), onSelect: offer === 'prompt' ? () => void install() : () => setDialog('addToHome') }]
            : []),
          { key: 'leave', label: t('guestMenu.leave'), onSelect: () => setDialog('leave'), destructive: true },
        ]}
        buttonClassName={`${NAME_TOOL} disabled:cursor-not-allowed disabled:opacity-50`}
        listClassName="w-48"
      />
      <Suspense fallback={null}>
        {dialog === 'rename' ? (
          <ConfirmDialog
            title={t('guestMenu.rename')}
            confirmLabel={t('common.save')}
            onCancel={() => setDialog(null)}
            onConfirm={async () => {
              if (valid && (await onRename(firstName.trim(), lastName.trim()))) setDialog(null);
            }}
          >
            <label className="block">
              <span className="font-medium text-slate-900">{t('join.firstName')}</span>
              <input value={firstName} maxLength={LIMITS.nameMax} onChange={(e) => setFirstName(e.target.value)} className={field} autoComplete="given-name" />
            </label>
            <label className="mt-3 block">
              <span className="font-medium text-slate-900">{t('join.lastName')}</span>
              <input value={lastName} maxLength={LIMITS.nameMax} onChange={(e) => setLastName(e.target.value)} className={field} autoComplete="family-name" />
            </label>
            {!valid ? <p className="mt-2 text-sm text-red-800">{t('errors.invalidName')}</p> : null}
          </ConfirmDialog>
        ) : null}
        {dialog === 'leave' ? (
          <ConfirmDialog title={t('guestMenu.leaveTitle')} confirmLabel={t('guestMenu.leave')} destructive onCancel={() => setDialog(null)} onConfirm={onLeave}>
            {t('guestMenu.leaveText')}
          </ConfirmDialog>
        ) : null}
        {dialog === 'addToHome' ? <AddToHomeScreenDialog onClose={() => setDialog(null)} /> : null}
      </Suspense>
    </>
  );
}
