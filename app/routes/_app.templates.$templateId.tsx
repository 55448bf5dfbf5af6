import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { redirect } from '@remix-run/cloudflare';
import { useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { TemplateEditor } from '~/components/templates/template-editor';
import { isAppError } from '~/core/errors';
import { requireConsultant } from '~/lib/auth.server';
import { inRecordingDocument } from '~/lib/microphone';
import type { WorkspaceData } from './_app';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.template.title} · Salon` : 'Salon' }];

/** Voice notes are recorded in the editor: its policy allows the microphone (app/lib/microphone.ts). */
export const handle = { microphone: true };
export const clientLoader = inRecordingDocument;

/**
 * /templates/{templateId}, the template detail. One its reader may not open (none such, someone
 * else's not shared with them, or in the trash) sends them to the list.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { userId } = requireConsultant(context, request);
  try {
    return { template: await context.services.templates.getTemplate(context.db, userId, params.templateId ?? '') };
  } catch (error) {
    if (isAppError(error) && (error.code === 'templateNotFound' || error.code === 'templateTrashed')) throw redirect('/templates');
    throw error;
  }
}

export default function TemplatePage() {
  const { template } = useLoaderData<typeof loader>();
  const workspace = useRouteLoaderData<WorkspaceData>('routes/_app');
  const profile = workspace?.user.selectedProfile;
  // The bubbles name who speaks in the template: its owner (the sharer, for a recipient).
  const author = template.sharedBy ?? (profile ? `${profile.firstName} ${profile.lastName}` : '');
  return <TemplateEditor key={template.id} initial={template} authorName={author} />;
}
