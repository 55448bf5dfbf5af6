import type { MediaType } from '~/core/media';

/** Outline icons of the library's kinds of entry (media and templates), and of the trash. */
const PATHS: Record<MediaType | 'template' | 'trash', string> = {
  folder: 'M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2Z',
  image: 'M4 5h16v14H4Z M4 16l5-5 4 4 2-2 5 5 M15.5 9.5h.01',
  video: 'M3 6h13v12H3Z M16 10l5-3v10l-5-3',
  audio: 'M9 18V6l11-2v12 M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z M20 16a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z',
  application: 'M6 3h8l4 4v14H6Z M14 3v4h4 M9 12h6 M9 16h6',
  template: 'M6 3h12v18H6Z M9 8h6 M9 12h6 M9 16h3',
  trash: 'M4 7h16 M9 7V4h6v3 M6 7l1 13h10l1-13 M10 11v6 M14 11v6',
};

export function MediaIcon({ type, className }: { type: MediaType | 'template' | 'trash'; className: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[type]} />
    </svg>
  );
}

/** The viewers' and the upload's actions, in the same outline style. */
const ACTIONS = {
  close: 'M6 6l12 12M18 6 6 18',
  download: 'M12 4v11 M7 10l5 5 5-5 M5 20h14',
  upload: 'M12 20V9 M7 14l5-5 5 5 M5 4h14',
  mic: 'M12 3a3 3 0 0 0-3 3v5a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3Z M5 11a7 7 0 0 0 14 0 M12 18v3 M9 21h6',
  plus: 'M12 5v14M5 12h14',
  minus: 'M5 12h14',
  up: 'm6 15 6-6 6 6',
  down: 'm6 9 6 6 6-6',
};

function ActionIcon({ d, className }: { d: string; className: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  );
}

export const CloseIcon = ({ className }: { className: string }) => <ActionIcon d={ACTIONS.close} className={className} />;
export const DownloadIcon = ({ className }: { className: string }) => <ActionIcon d={ACTIONS.download} className={className} />;
export const UploadIcon = ({ className }: { className: string }) => <ActionIcon d={ACTIONS.upload} className={className} />;
export const MicIcon = ({ className }: { className: string }) => <ActionIcon d={ACTIONS.mic} className={className} />;
export const PlusIcon = ({ className }: { className: string }) => <ActionIcon d={ACTIONS.plus} className={className} />;
export const MinusIcon = ({ className }: { className: string }) => <ActionIcon d={ACTIONS.minus} className={className} />;
export const UpIcon = ({ className }: { className: string }) => <ActionIcon d={ACTIONS.up} className={className} />;
export const DownIcon = ({ className }: { className: string }) => <ActionIcon d={ACTIONS.down} className={className} />;
