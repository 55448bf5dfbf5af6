import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { ErrorBanner } from '~/components/error-banner';
import type { ErrorCode } from '~/core/errors';
import { preview } from '~/core/message-preview';
import type { TemplateDetail, TemplateEntry } from '~/core/templates';
import { templateCallError } from '~/core/errors';
import { apiFetch } from '~/lib/api';
import { TemplateChoice } from './template-choice';

/** What the editor imports: a whole template, or some of its messages (in the template's order). */
export type ImportChoice = { source: TemplateEntry; messageIds: string[] | null };

/**
 * The editor's import dialog: another template (mine or shared with me), whole or chosen messages,
 * goes in at the insert point, or at the end without one (`where` says which).
 */
export function ImportDialog({
  templateId,
  where,
  onImport,
  onCancel,
}: {
  templateId: string;
  where: string;
  onImport: (choice: ImportChoice) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [source, setSource] = useState<TemplateEntry | null>(null);
  const [whole, setWhole] = useState(true);
  const [messages, setMessages] = useState<TemplateDetail['messages'] | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<ErrorCode | null>(null);
  useEffect(() => {
    setMessages(null);
    setChosen(new Set());
    setError(null);
    if (!source || whole) return;
    let current = true;
    void apiFetch<TemplateDetail>(`/api/templates/${source.id}`).then((result) => {
      if (!current) return;
      if (result.ok) setMessages(result.data.messages);
      else setError(templateCallError(result));
    });
    return () => {
      current = false;
    };
  }, [source, whole]);
  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const radio = 'flex items-center gap-2';
  return (
    <ConfirmDialog
      title={t('templateEditor.importTitle')}
      confirmLabel={t('templateEditor.importConfirm')}
      confirmDisabled={!source || (!whole && chosen.size === 0)}
      onCancel={onCancel}
      onConfirm={() => source && onImport({ source, messageIds: whole ? null : (messages ?? []).filter((m) => chosen.has(m.id)).map((m) => m.id) })}
    >
      <TemplateChoice excludeId={templateId} ownOnly={false} label={t('templateEditor.importFrom')} value={source} onChange={setSource} />
      <fieldset className="mt-3">
        <legend className="sr-only">{t('templateEditor.importMessages')}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {[true, false].map((value) => (
            <label key={String(value)} className={radio}>
              <input type="radio" name="import-kind" checked={whole === value} onChange={() => setWhole(value)} className="h-4 w-4" />
              {value ? t('templateEditor.importWhole') : t('templateEditor.importChosen')}
            </label>
          ))}
        </div>
      </fieldset>
      {!whole && source ? (
        <fieldset className="mt-3" data-testid="import-messages">
          <legend className="font-medium text-slate-900">{t('templateEditor.importMessages')}</legend>
          {messages && messages.length === 0 ? <p className="mt-1">{t('templateEditor.importNone')}</p> : null}
          <ul className="mt-1 max-h-56 space-y-1 overflow-y-auto rounded-lg ring-1 ring-slate-200">
            {(messages ?? []).map((message) => (
              <li key={message.id}>
                <label className="flex items-start gap-2 px-3 py-2 hover:bg-slate-50">
                  <input type="checkbox" checked={chosen.has(message.id)} onChange={() => toggle(message.id)} className="mt-1 h-4 w-4 shrink-0" />
                  <span className="min-w-0 break-words text-slate-900">
                    {/* A file without a caption is named by its library title. */}
                    {message.message || !message.mediaTitle ? preview(message, 120) : `${preview(message, 120)} ${message.mediaTitle}`}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <ErrorBanner code={error} className="mt-3" />
      <p className="mt-3 text-sm">{where}</p>
    </ConfirmDialog>
  );
}
