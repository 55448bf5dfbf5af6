import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data } from '@remix-run/cloudflare';
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { EmailField } from '~/components/email-field';
import { sitePagePreview } from '~/lib/link-preview.server';
import { useDateFormatter } from '~/components/local-time';
import { PublicPage } from '~/components/public/public-page';
import { DELETION_LINK_TTL_MS } from '~/core/account-deletion';
import type { ErrorCode } from '~/core/errors';
import { DeleteAccountSchema, firstErrorCode } from '~/core/schemas';
import { localeOf } from '~/i18n/i18n.server';
import { withWorkspaceTexts } from '~/i18n/workspace-texts';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: 'Salon' }, ...(data?.preview.tags ?? [])];

// Its screens use the workspace's texts, which a page opened as the party page has not loaded yet.
export const clientLoader = withWorkspaceTexts;

export async function loader({ request }: LoaderFunctionArgs) {
  return { preview: await sitePagePreview(request, { title: 'Salon', key: 'deleteAccount' }) };
}

/** `againAt`: the address asked a few minutes ago, and may ask again then; null when this request went on. */
type ActionResult = { ok: true; email: string; againAt: number | null } | { ok: false; code: ErrorCode };

/**
 * The same request as the API's POST /moderation/delete-account: answered at once, and alike
 * whether the address has an account or not (worker/services/account-deletion.ts).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const parsed = DeleteAccountSchema.safeParse({ email: form.get('email') ?? undefined });
  if (!parsed.success) return data<ActionResult>({ ok: false, code: firstErrorCode(parsed.error) }, { status: 400 });
  const answer = await context.services.accountDeletion.requestDeletion(
    context.env,
    context.ctx,
    parsed.data.email,
    await localeOf(request),
    new URL(request.url).origin,
  );
  return data<ActionResult>({ ok: true, email: parsed.data.email, againAt: answer.sent ? null : answer.againAt });
}

export default function DeleteAccount() {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const when = useDateFormatter();
  const hours = Math.round(DELETION_LINK_TTL_MS / 3_600_000);
  return (
    <PublicPage mainClassName="flex items-start justify-center px-4 py-8 sm:items-center">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        {result?.ok && result.againAt !== null ? (
          <div role="status">
            <h1 className="text-2xl font-semibold">{t('deleteAccount.recentTitle')}</h1>
            <p className="mt-3 break-words text-slate-700">{t('deleteAccount.recent', { email: result.email, time: when(result.againAt, 'time') })}</p>
          </div>
        ) : result?.ok ? (
          <div role="status">
            <h1 className="text-2xl font-semibold">{t('deleteAccount.sentTitle')}</h1>
            <p className="mt-3 break-words text-slate-700">{t('deleteAccount.sent', { email: result.email, hours })}</p>
          </div>
        ) : (
          <>
            <h1 className="text-2xl font-semibold">{t('deleteAccount.title')}</h1>
            <p className="mt-2 text-slate-700">{t('deleteAccount.intro')}</p>
            <p className="mt-2 text-sm text-slate-600">{t('deleteAccount.whatGoes')}</p>
            <Form method="post" className="mt-6">
              <EmailField id="delete-account-email" label={t('deleteAccount.email')} error={result && !result.ok ? result.code : null} />
              <button
                type="submit"
                disabled={busy}
                className="mt-4 w-full rounded-full bg-primary-dark px-5 py-3 font-medium text-white hover:bg-primary-dark/90 disabled:opacity-60"
              >
                {busy ? t('deleteAccount.sending') : t('deleteAccount.submit')}
              </button>
            </Form>
          </>
        )}
      </div>
    </PublicPage>
  );
}
