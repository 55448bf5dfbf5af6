import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data, redirect } from '@remix-run/cloudflare';
import { Link, useFetcher, useLoaderData } from '@remix-run/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '~/components/notice';
import { ErrorBanner } from '~/components/error-banner';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { CompanyModeSwitch } from '~/components/profile/company-mode-switch';
import { ProfileAvatar } from '~/components/profile/profile-avatar';
import { PageHeader } from '~/components/shell/page-header';
import { isAppError } from '~/core/errors';
import type { ErrorCode } from '~/core/errors';
import { fullName } from '~/core/text';
import { isCompanyView, selectedProfile } from '~/core/workspace';
import { requireConsultant } from '~/lib/auth.server';

export const meta: MetaFunction = () => [{ title: 'Salon' }];

/** With a single profile and company mode off, the list is that profile's editor. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { userId } = requireConsultant(context, request);
  const { profiles: service, settings: settingsService } = context.services;
  const [profiles, settings] = await Promise.all([service.listProfileDetails(context.db, userId), settingsService.getSettings(context.db, userId)]);
  if (profiles.length === 1 && !isCompanyView(profiles.length, settings.companyMode)) throw redirect(`/profiles/${profiles[0]!.id}`);
  return { profiles, selectedId: selectedProfile(profiles, settings.selectedProfileId)?.id ?? null, companyMode: settings.companyMode };
}

type ActionResult = { ok: true; intent: 'select' | 'delete' | 'companyMode'; name?: string } | { ok: false; code: ErrorCode };

/** Select, delete and company mode: the same domain functions as the API's profile calls. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { userId } = requireConsultant(context, request);
  const form = await request.formData();
  const profiles = context.services.profiles;
  const profileId = String(form.get('profileId') ?? '');
  try {
    switch (form.get('intent')) {
      case 'select': {
        const { profile } = await profiles.selectProfile(context.db, userId, profileId);
        return data<ActionResult>({ ok: true, intent: 'select', name: profile ? fullName(profile) : '' });
      }
      case 'delete':
        await profiles.deleteProfile(context.env, context.db, userId, profileId);
        return data<ActionResult>({ ok: true, intent: 'delete' });
      case 'companyMode':
        await profiles.setCompanyMode(context.db, userId, form.get('companyMode') === 'on');
        return data<ActionResult>({ ok: true, intent: 'companyMode' });
      default:
        return data<ActionResult>({ ok: false, code: 'badRequest' }, { status: 400 });
    }
  } catch (error) {
    if (isAppError(error)) return data<ActionResult>({ ok: false, code: error.code }, { status: error.status });
    throw error;
  }
}

export default function Profiles() {
  const { t } = useTranslation();
  const { profiles, selectedId, companyMode } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<typeof action>();
  const [deleting, setDeleting] = useState<(typeof profiles)[number] | null>(null);
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  // Stable: the dialog moves focus to its cancel button whenever this changes.
  const closeDelete = useCallback(() => setDeleting(null), []);

  return (
    <>
      <PageHeader title={t('profiles.title')} actions={[{ label: t('profiles.newProfile'), to: '/profiles/new' }]} />
      <main id="main" className="mx-auto max-w-5xl px-4 py-6 sm:px-6">
        <CompanyModeSwitch on={companyMode} />
        <Notice
          text={
            result?.ok && result.intent !== 'companyMode'
              ? result.intent === 'delete'
                ? t('profiles.deleted')
                : t('profiles.selectedNow', { name: result.name })
              : null
          }
          className="mt-4"
        />
        <ErrorBanner code={result && !result.ok ? result.code : null} className="mt-4" />
        {profiles.length === 0 ? <p className="mt-8 text-slate-600">{t('profiles.empty')}</p> : null}
        <ul className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {profiles.map((profile) => {
            const name = fullName(profile);
            const selected = profile.id === selectedId;
            const deleteHint = profiles.length === 1 ? 'profiles.deleteLastHint' : selected ? 'profiles.deleteSelectedHint' : null;
            const hintId = `delete-hint-${profile.id}`;
            return (
              <li
                key={profile.id}
                className={`flex flex-col rounded-2xl bg-white p-4 shadow-sm ${selected ? 'ring-2 ring-primary-dark' : 'ring-1 ring-slate-200'}`}
              >
                <div className="flex items-center gap-3">
                  <ProfileAvatar person={profile} src={profile.profilePic} />
                  <div className="min-w-0 flex-1">
                    <h2 className="truncate text-lg font-semibold">{name}</h2>
                    {profile.email ? <p className="truncate text-sm text-slate-600">{profile.email}</p> : null}
                    {selected ? (
                      <span className="mt-1 inline-block rounded-full bg-secondary-dark px-2.5 py-0.5 text-xs font-semibold text-white">
                        {t('profiles.selected')}
                      </span>
                    ) : null}
                  </div>
                </div>
                {deleteHint ? (
                  <p id={hintId} className="mt-2 text-sm text-slate-600">
                    {t(deleteHint)}
                  </p>
                ) : null}
                <div className="mt-auto flex flex-wrap gap-2 pt-3">
                  <Link
                    to={`/profiles/${profile.id}`}
                    className="rounded-full bg-primary-dark px-3 py-1.5 text-sm font-medium text-white hover:bg-primary-dark/90"
                  >
                    {t('profiles.edit')}
                    <span className="sr-only">: {name}</span>
                  </Link>
                  {selected ? null : (
                    <fetcher.Form method="post">
                      <input type="hidden" name="profileId" value={profile.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="select"
                        className="rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100"
                      >
                        {t('profiles.select')}
                        <span className="sr-only">: {name}</span>
                      </button>
                    </fetcher.Form>
                  )}
                  <button
                    type="button"
                    onClick={() => setDeleting(profile)}
                    disabled={deleteHint !== null}
                    aria-describedby={deleteHint ? hintId : undefined}
                    className="rounded-full px-3 py-1.5 text-sm font-medium text-red-800 ring-1 ring-red-300 hover:bg-red-50 disabled:cursor-not-allowed disabled:text-slate-500 disabled:ring-slate-200 disabled:hover:bg-transparent"
                  >
                    {t('profiles.delete')}
                    <span className="sr-only">: {name}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      </main>
      {deleting ? (
        <ConfirmDialog
          title={t('profiles.deleteTitle', { name: fullName(deleting) })}
          confirmLabel={t('profiles.delete')}
          destructive
          onConfirm={() => {
            fetcher.submit({ intent: 'delete', profileId: deleting.id }, { method: 'post' });
            setDeleting(null);
          }}
          onCancel={closeDelete}
        >
          {t('profiles.deleteText')}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
