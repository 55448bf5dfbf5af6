import type { ClientLoaderFunctionArgs } from '@remix-run/react';
import i18next from 'i18next';
import { isLanguage } from './config';
import { loadTranslation } from './resources';

let loading: Promise<void> | null = null;

/**
 * Adds the workspace part of the texts to the browser's i18n instance, once. A page that started
 * as the party page (which loads only the party part) needs it before it shows a workspace or
 * public page; every other page had it before hydrating, and then this costs one cached import.
 */
export function loadWorkspaceTexts(): Promise<void> {
  const language = i18next.language;
  if (!isLanguage(language)) return Promise.resolve();
  loading ??= loadTranslation(language, ['workspace']).then((texts) => {
    i18next.addResourceBundle(language, 'translation', texts, true, false);
  });
  return loading;
}

/**
 * The `clientLoader` of a route whose screens use workspace texts: on a navigation in the browser
 * its server data and the texts arrive together, so the screen never renders a missing text. On
 * the first load the server's data is used as is (Remix does not run it while hydrating).
 */
export async function withWorkspaceTexts({ serverLoader }: ClientLoaderFunctionArgs) {
  const [data] = await Promise.all([serverLoader(), loadWorkspaceTexts()]);
  return data;
}

/**
 * A lazily loaded module of the party page that speaks workspace texts (the media library's
 * viewer, picker and uploads): it arrives together with them.
 */
export async function needingWorkspaceTexts<M>(module: Promise<M>): Promise<M> {
  const [loaded] = await Promise.all([module, loadWorkspaceTexts()]);
  return loaded;
}
