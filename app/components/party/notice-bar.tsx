import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

const NOTICE_MS = 8000;

/** A short confirmation or piece of news under the party's header; it closes itself after a while. */
export function NoticeBar({ text, onClose }: { text: string; onClose: () => void }) {
  const { t } = useTranslation();
  // The page renders on every chat event: the timer follows the text, not each new callback.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const timer = setTimeout(() => close.current(), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <p role="status" className="flex items-center justify-between gap-2 bg-green-50 px-4 py-2 text-sm text-green-900" data-testid="notice-bar">
      {text}
      <button type="button" onClick={onClose} className="shrink-0 rounded px-2 font-medium underline">
        {t('common.close')}
      </button>
    </p>
  );
}
