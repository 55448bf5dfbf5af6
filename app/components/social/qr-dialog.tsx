import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { encode, renderSVG } from 'uqr';
import { Dialog } from '~/components/dialog';
import { DialogTitle } from '~/components/dialog-actions';

/** The quiet zone around the code, in modules, as the QR standard asks for. */
const BORDER = 4;

/** The dark modules of a QR code as one SVG path: one square per module, drawn by React (no markup from elsewhere). */
function modulesPath(data: boolean[][]): string {
  let path = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return path;
}

/**
 * A party's guest link as a QR code, drawn in the browser by uqr (no network, ADR 043), with the
 * link as text and the code as an SVG file to download. Loads only when first opened.
 */
export function QrDialog({ path, title, onClose }: { path: string; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const url = new URL(path, window.location.origin).toString();
  const code = useMemo(() => encode(url, { ecc: 'M', border: BORDER }), [url]);
  const download = () => {
    const file = new Blob([renderSVG(url, { ecc: 'M', border: BORDER, pixelSize: 10 })], { type: 'image/svg+xml' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(file);
    link.download = `${title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'party'}-qr.svg`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 0);
  };
  return (
    <Dialog aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} onCancel={onClose} className="p-6">
      <DialogTitle id={`${id}-title`}>{t('socialTools.qrTitle')}</DialogTitle>
      <p id={`${id}-text`} className="mt-1 text-sm text-slate-600">
        {t('socialTools.qrText')}
      </p>
      <svg
        role="img"
        aria-label={url}
        viewBox={`0 0 ${code.size} ${code.size}`}
        shapeRendering="crispEdges"
        className="mx-auto mt-4 aspect-square w-full max-w-64 bg-white"
        data-testid="qr-code"
      >
        <path d={modulesPath(code.data)} fill="#0f172a" />
      </svg>
      <p className="mt-3 break-all text-center font-mono text-sm text-slate-800" data-testid="qr-link">
        {url}
      </p>
      <div className="mt-5 flex justify-end gap-2">
        <button type="button" onClick={download} className="rounded-full px-4 py-2 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100">
          {t('socialTools.qrDownload')}
        </button>
        <button type="button" onClick={onClose} className="rounded-full bg-primary-dark px-4 py-2 text-sm font-medium text-white hover:bg-primary-dark/90">
          {t('common.close')}
        </button>
      </div>
    </Dialog>
  );
}
