import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PublicPage } from '~/components/public/public-page';
import { DELETION_PROMISE_HOURS } from '~/core/account-deletion';
import { withWorkspaceTexts } from '~/i18n/workspace-texts';

// The token is in the path: no page of ours sends it anywhere else.
export const meta: MetaFunction = () => [{ title: 'Salon' }, { name: 'referrer', content: 'no-referrer' }, { name: 'robots', content: 'noindex' }];

// Its screens use the workspace's texts, which a page opened as the party page has not loaded yet.
export const clientLoader = withWorkspaceTexts;

/** Opening the link changes nothing (mail programs open links to preview them): it only asks. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  return { works: await context.services.accountDeletion.deletionLinkWorks(context.env, params.token ?? '') };
}

export async function action({ params, context }: ActionFunctionArgs) {
  return { confirmed: await context.services.accountDeletion.confirmDeletion(context.env, params.token ?? '') };
}

export default function ConfirmAccountDeletion() {
  const { t } = useTranslation();
  const { works } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const hours = DELETION_PROMISE_HOURS;
  const state = result ? (result.confirmed ? 'confirmed' : 'invalid') : works ? 'ask' : 'invalid';
  return (
    <PublicPage mainClassName="flex items-start justify-center px-4 py-8 sm:items-center">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        {state === 'ask' ? (
          <>
            <h1 className="text-2xl font-semibold">{t('deleteAccount.confirmTitle')}</h1>
            <p className="mt-3 text-slate-700">{t('deleteAccount.confirmText', { hours })}</p>
            <p className="mt-2 text-sm text-slate-600">{t('deleteAccount.whatGoes')}</p>
            <Form method="post" className="mt-6">
              <button
                type="submit"
                disabled={busy}
                className="w-full rounded-full bg-red-700 px-5 py-3 font-medium text-white hover:bg-red-800 disabled:opacity-60"
              >
                {busy ? t('deleteAccount.confirming') : t('deleteAccount.confirm')}
              </button>
            </Form>
          </>
        ) : state === 'confirmed' ? (
          <div role="status">
            <h1 className="text-2xl font-semibold">{t('deleteAccount.confirmedTitle')}</h1>
            <p className="mt-3 text-slate-700">{t('deleteAccount.confirmed', { hours })}</p>
          </div>
        ) : (
          <div role="alert">
            <h1 className="text-2xl font-semibold">{t('deleteAccount.invalidTitle')}</h1>
            <p className="mt-3 text-slate-700">{t('deleteAccount.invalid')}</p>
            <Link to="/delete-account" className="mt-6 inline-block rounded-full bg-primary-dark px-5 py-3 font-medium text-white hover:bg-primary-dark/90">
              {t('deleteAccount.again')}
            </Link>
          </div>
        )}
      </div>
    </PublicPage>
  );
}
