import { useEffect, useRef, useState } from 'react';
import { UploadIcon } from './media-icons';

/** Files dragged in from outside carry this type; a library card's drag does not. */
const hasFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;

/**
 * A drop zone covers the screen when files are dragged onto the page, and goes when they leave the
 * window, are dropped, or Escape is pressed. Enter and leave fire for every element the pointer
 * crosses, so the zone counts them rather than trusting any one. While it is off (in the trash,
 * with a dialog open) a dropped file is still caught: the browser would otherwise leave the page to
 * show the file.
 */
export function FileDropZone({ enabled, title, hint, onFiles }: { enabled: boolean; title: string; hint: string; onFiles: (files: File[]) => void }) {
  const [shown, setShown] = useState(false);
  const onFilesRef = useRef(onFiles);
  onFilesRef.current = onFiles;
  const enabledRef = useRef(enabled);
  enabledRef.current = enabled;

  useEffect(() => {
    if (!enabled) setShown(false);
  }, [enabled]);

  useEffect(() => {
    let depth = 0;
    const hide = () => {
      depth = 0;
      setShown(false);
    };
    const enter = (event: DragEvent) => {
      if (!hasFiles(event) || !enabledRef.current) return;
      depth += 1;
      setShown(true);
    };
    const over = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = enabledRef.current ? 'copy' : 'none';
    };
    const leave = (event: DragEvent) => {
      if (!hasFiles(event) || !enabledRef.current) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setShown(false);
    };
    const drop = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      hide();
      if (enabledRef.current) onFilesRef.current([...(event.dataTransfer?.files ?? [])]);
    };
    const key = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    window.addEventListener('keydown', key);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
      window.removeEventListener('keydown', key);
    };
  }, []);

  if (!shown) return null;
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-primary-dark/85 p-6 text-white" data-testid="drop-zone">
      <div className="flex w-full max-w-lg flex-col items-center gap-3 rounded-3xl border-4 border-dashed border-white/80 px-6 py-12 text-center">
        <UploadIcon className="h-12 w-12" />
        <p className="text-2xl font-semibold">{title}</p>
        <p className="wrap-anywhere">{hint}</p>
      </div>
    </div>
  );
}
