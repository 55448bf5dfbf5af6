import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data, redirect } from '@remix-run/cloudflare';
import { Form, Link, isRouteErrorResponse, useActionData, useLoaderData, useNavigation, useRouteError } from '@remix-run/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '~/components/notice';
import { ErrorBanner } from '~/components/error-banner';
import { DateFields } from '~/components/date-fields';
import { CompanyModeSwitch } from '~/components/profile/company-mode-switch';
import { PictureField, usePictureChoice } from '~/components/profile/picture-field';
import { ProfileSection, SaveButton } from '~/components/profile/profile-section';
import { PageHeader } from '~/components/shell/page-header';
import type { HeaderAction } from '~/components/shell/page-header';
import { isAppError } from '~/core/errors';
import type { ErrorCode } from '~/core/errors';
import { LIMITS } from '~/core/limits';
import type { DateParts } from '~/core/dates';
import { dateParts, isoDate } from '~/core/dates';
import { ProfileInputSchema, firstErrorCode } from '~/core/schemas';
import { fullName } from '~/core/text';
import { isCompanyView } from '~/core/workspace';
import { requireConsultant } from '~/lib/auth.server';
import type { Profile } from '~/core/profile';

export const meta: MetaFunction = () => [{ title: 'Salon' }];

const NEW = 'new';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { userId } = requireConsultant(context, request);
  const [profiles, settings] = await Promise.all([
    context.services.profiles.listProfileDetails(context.db, userId),
    context.services.settings.getSettings(context.db, userId),
  ]);
  const profile = params.profileId === NEW ? null : profiles.find((candidate) => candidate.id === params.profileId);
  // Another consultant's profile is not found, like one that does not exist.
  if (profile === undefined) throw new Response(null, { status: 404 });
  return {
    profile,
    companyView: isCompanyView(profiles.length, settings.companyMode),
    companyMode: settings.companyMode,
    created: new URL(request.url).searchParams.has('created'),
  };
}

type ActionResult = { ok: true } | { ok: false; code: ErrorCode };

/** Room for the form's text fields beside the picture in a multipart body. */
const FORM_FIELDS_BYTES = 64 * 1024;

/** Saves the fields and, when one was chosen, the picture: the same domain functions as the API. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { userId } = requireConsultant(context, request);
  const refuse = (code: ErrorCode, status: number) => data<ActionResult>({ ok: false, code }, { status });
  if (Number(request.headers.get('Content-Length') ?? 0) > LIMITS.pictureBytesMax + FORM_FIELDS_BYTES) return refuse('imageTooLarge', 413);
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? '');
  const parsed = ProfileInputSchema.safeParse({
    firstName: text('firstName'),
    lastName: text('lastName'),
    // Typed as day, month and year in the page's language (ADR 023).
    birthday: isoDate(birthdayOf(text)),
    phoneNo: text('phoneNo'),
    email: text('email'),
    website: text('website'),
    shopLink: text('shopLink'),
    biography: text('biography'),
    deleteProfilePic: form.get('deleteProfilePic') === 'on',
  });
  if (!parsed.success) return refuse(firstErrorCode(parsed.error), 400);
  const file = form.get('picture');
  const picture = file instanceof File && file.size > 0 ? { bytes: new Uint8Array(await file.arrayBuffer()), type: file.type || null } : null;
  const { profiles } = context.services;
  try {
    // Judge the picture before anything is written, so a refused one leaves no half-saved profile.
    if (picture) profiles.checkPicture(picture.bytes, picture.type);
    const id =
      params.profileId === NEW
        ? (await profiles.createProfile(context.db, userId, parsed.data)).id
        : (await profiles.updateProfile(context.env, context.db, userId, params.profileId ?? '', parsed.data)).id;
    if (picture) await profiles.setPicture(context.env, context.db, userId, id, picture.bytes, picture.type);
    if (params.profileId === NEW) return redirect(`/profiles/${id}?created`);
    return data<ActionResult>({ ok: true });
  } catch (error) {
    if (isAppError(error)) return refuse(error.code, error.status);
    throw error;
  }
}

/** The birthday's fields as the form names them (DateFields with the name `birthday`). */
function birthdayOf(read: (name: string) => string): DateParts {
  return { day: read('birthdayDay'), month: read('birthdayMonth'), year: read('birthdayYear') };
}

const FIELDS = ['firstName', 'lastName', 'birthday', 'phoneNo', 'email', 'website', 'shopLink', 'biography'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

function valuesOf(profile: Profile | null): Values {
  return Object.fromEntries(FIELDS.map((field) => [field, profile?.[field] ?? ''])) as Values;
}

export default function ProfileEditorPage() {
  const data = useLoaderData<typeof loader>();
  // A new profile and each saved one get their own form state.
  return <ProfileEditor key={data.profile?.id ?? NEW} {...data} />;
}

function ProfileEditor({ profile, companyView, companyMode, created }: ReturnType<typeof useLoaderData<typeof loader>>) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const result = useActionData<typeof action>();
  const saved = useMemo(() => valuesOf(profile), [profile]);
  const [values, setValues] = useState(saved);
  const [birthday, setBirthday] = useState(() => dateParts(saved.birthday));
  // A new choice makes the server's last answer about a form that no longer exists.
  const choice = usePictureChoice(() => setAnswered(result));
  const ids = useId();

  const form = useRef<HTMLFormElement>(null);
  const interactive = useRef(false);

  useEffect(() => {
    if (!interactive.current) {
      // What was typed or chosen before the page became interactive (a slow phone) is kept.
      interactive.current = true;
      const elements = form.current?.elements;
      if (elements) {
        const read = (name: string) => (elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
        const typed = birthdayOf(read);
        setBirthday(typed);
        setValues(Object.fromEntries(FIELDS.map((name) => [name, name === 'birthday' ? isoDate(typed) : read(name)])) as Values);
      }
      choice.choose(choice.input.current?.files?.[0]);
      return;
    }
    // A successful save brings a new profile from the loader: the form starts over from it.
    setValues(valuesOf(profile));
    setBirthday(dateParts(profile?.birthday ?? ''));
    choice.reset();
  }, [profile?.updatedAt]);

  const dirty = choice.picture !== null || choice.removed || FIELDS.some((field) => values[field] !== saved[field]);
  const submitting = navigation.state === 'submitting';
  // The server's answer stands until the next change: then it is about a form that no longer exists.
  const [answered, setAnswered] = useState<typeof result>(undefined);
  const serverError = result && !result.ok && result !== answered && !submitting ? result.code : null;
  const error = choice.error ?? serverError;
  const change = (name: (typeof FIELDS)[number], value: string) => {
    setAnswered(result);
    setValues((current) => ({ ...current, [name]: value }));
  };
  // The field the error is about: the first one the shared schema refuses (none for a picture).
  const invalid = useMemo(() => {
    if (!error || choice.error) return null;
    const parsed = ProfileInputSchema.safeParse(values);
    return parsed.success ? null : ((parsed.error.issues[0]?.path[0] as (typeof FIELDS)[number] | undefined) ?? null);
  }, [error, choice.error, values]);
  // Once per answer from the server: the refused field gets the focus.
  useEffect(() => {
    if (invalid) document.getElementById(invalid === 'birthday' ? `${ids}-birthday-day` : `${ids}-${invalid}`)?.focus();
  }, [result]);
  const errorId = `${ids}-error`;
  const describedBy = (name: (typeof FIELDS)[number], ...others: string[]) => [...others, ...(invalid === name ? [errorId] : [])].join(' ') || undefined;
  const success = !dirty && !submitting && (result?.ok || created);

  const actions: HeaderAction[] = companyView
    ? [{ label: t('profiles.allProfiles'), to: '/profiles', style: 'inherit' }]
    : [{ label: t('profiles.newProfile'), to: `/profiles/${NEW}`, style: 'inherit' }];
  const field = 'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 focus:border-primary-dark aria-[invalid=true]:border-red-700';
  const label = (name: (typeof FIELDS)[number], required = false) => (
    <label htmlFor={`${ids}-${name}`} className="font-medium">
      {t(`profiles.${name}`)}
      {required ? (
        <span className="text-red-800">
          <span aria-hidden="true"> *</span>
          <span className="sr-only"> ({t('profiles.required')})</span>
        </span>
      ) : null}
    </label>
  );
  const textField = (name: Exclude<(typeof FIELDS)[number], 'biography' | 'birthday'>, props: React.InputHTMLAttributes<HTMLInputElement>) => (
    <div>
      {label(name, props.required)}
      <input
        id={`${ids}-${name}`}
        name={name}
        value={values[name]}
        onChange={(event) => change(name, event.target.value)}
        className={field}
        {...props}
        aria-invalid={invalid === name || undefined}
        aria-describedby={describedBy(name, ...(props['aria-describedby'] ? [props['aria-describedby']] : []))}
      />
    </div>
  );
  const biographyLength = values.biography.length;

  return (
    <>
      <PageHeader title={profile ? t('profiles.editTitle') : t('profiles.newProfile')} actions={actions} />
      <main id="main" className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
        <Form ref={form} method="post" encType="multipart/form-data" className="space-y-6" aria-labelledby={`${ids}-title`}>
          <h2 id={`${ids}-title`} className="sr-only">
            {profile ? fullName(profile) : t('profiles.newProfile')}
          </h2>
          <ProfileSection id={`${ids}-picture`} title={t('profiles.picture')}>
            <PictureField id={ids} choice={choice} person={values} saved={profile?.profilePic ?? null} name="picture" />
            {choice.removed ? <input type="hidden" name="deleteProfilePic" value="on" /> : null}
          </ProfileSection>

          <ProfileSection id={`${ids}-personal`} title={t('profiles.personal')} grid>
            {textField('firstName', { required: true, maxLength: LIMITS.nameMax, autoComplete: 'given-name' })}
            {textField('lastName', { required: true, maxLength: LIMITS.nameMax, autoComplete: 'family-name' })}
            <DateFields
              id={`${ids}-birthday`}
              name="birthday"
              legend={t('profiles.birthday')}
              parts={birthday}
              onChange={(parts) => {
                setBirthday(parts);
                change('birthday', isoDate(parts));
              }}
              invalid={invalid === 'birthday'}
              describedBy={describedBy('birthday')}
              autoComplete="bday"
            />
          </ProfileSection>

          <ProfileSection id={`${ids}-contact`} title={t('profiles.contact')} grid>
            {textField('phoneNo', { type: 'tel', maxLength: LIMITS.phoneMax, autoComplete: 'tel', inputMode: 'tel' })}
            {textField('email', { type: 'email', maxLength: LIMITS.emailMax, autoComplete: 'email' })}
            {textField('website', {
              type: 'url',
              maxLength: LIMITS.urlMax,
              placeholder: 'https://',
              autoComplete: 'url',
              'aria-describedby': `${ids}-url-hint`,
            })}
            {textField('shopLink', { type: 'url', maxLength: LIMITS.urlMax, placeholder: 'https://', 'aria-describedby': `${ids}-url-hint` })}
            <p id={`${ids}-url-hint`} className="text-sm text-slate-600 sm:col-span-2">
              {t('profiles.urlHint')}
            </p>
          </ProfileSection>

          <ProfileSection id={`${ids}-about`} title={t('profiles.about')}>
            <div className="mt-3">
              {label('biography')}
              <textarea
                id={`${ids}-biography`}
                name="biography"
                rows={5}
                maxLength={LIMITS.biographyMax}
                value={values.biography}
                onChange={(event) => change('biography', event.target.value)}
                aria-invalid={invalid === 'biography' || undefined}
                aria-describedby={describedBy('biography', `${ids}-count`)}
                className={`${field} resize-y`}
              />
              <p
                id={`${ids}-count`}
                aria-live="polite"
                className={`mt-1 text-right text-sm ${biographyLength >= LIMITS.biographyMax ? 'font-semibold text-red-800' : 'text-slate-600'}`}
              >
                {t('profiles.biographyCount', { count: biographyLength, max: LIMITS.biographyMax })}
              </p>
            </div>
          </ProfileSection>

          <ErrorBanner id={errorId} code={error} />
          <Notice text={success ? (created && !result ? t('profiles.created') : t('profiles.saved')) : null} />

          <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center gap-3 border-t border-slate-200 bg-slate-50/95 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:px-0">
            <SaveButton dirty={dirty} busy={submitting} />
            {profile?.shortId ? (
              <Link to={`/p/${profile.shortId}`} target="_blank" rel="noopener" className="font-medium text-primary-dark underline">
                {t('profiles.publicPage')}
              </Link>
            ) : null}
          </div>
        </Form>
        {/* A setting of the account, saved on its own: outside the editor's form, since a form
            inside a form is dropped by the HTML parser (and the page would not hydrate). */}
        {companyView ? null : (
          <section className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <CompanyModeSwitch on={companyMode} />
          </section>
        )}
      </main>
    </>
  );
}

/** An unknown profile (or another consultant's) inside the workspace, not a bare error page. */
export function ErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10 text-center">
      <h1 className="text-2xl font-semibold">{notFound ? t('profiles.notFoundTitle') : t('errors.generic')}</h1>
      {notFound ? <p className="mt-2 text-slate-600">{t('profiles.notFoundText')}</p> : null}
      <Link to="/profiles" className="mt-4 inline-block font-medium text-primary-dark underline">
        {t('profiles.allProfiles')}
      </Link>
    </main>
  );
}
