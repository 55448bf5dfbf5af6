import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '~/core/errors';
import { isPictureType } from '~/core/images';
import { LIMITS } from '~/core/limits';
import { ProfileAvatar } from './profile-avatar';

/** A picture chosen to replace the saved one, with its preview address; or the saved one to be removed. */
export interface PictureChoice {
  picture: { file: File; preview: string } | null;
  removed: boolean;
  /** Why the last file chosen was refused before any upload (its type, its size). */
  error: ErrorCode | null;
  input: React.RefObject<HTMLInputElement>;
  choose: (file: File | undefined) => void;
  drop: () => void;
  /** After a save: the saved picture is what is shown again. */
  reset: () => void;
}

/**
 * Choosing a picture for a profile (a consultant's, a guest's): a file is judged in the browser by
 * the rules the server applies (app/core/images.ts, the size limit) before anything is sent, and
 * shown as a preview until saved. `onChange` runs on every choice, so a page can drop an answer
 * that no longer fits.
 */
export function usePictureChoice(onChange?: () => void): PictureChoice {
  const [picture, setPicture] = useState<{ file: File; preview: string } | null>(null);
  const [removed, setRemoved] = useState(false);
  const [error, setError] = useState<ErrorCode | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => () => (picture ? URL.revokeObjectURL(picture.preview) : undefined), [picture]);
  const clearInput = () => {
    if (input.current) input.current.value = '';
  };
  return {
    picture,
    removed,
    error,
    input,
    choose: (file) => {
      onChange?.();
      setError(null);
      if (!file) return;
      const code: ErrorCode | null = !isPictureType(file.type) ? 'notAnImage' : file.size > LIMITS.pictureBytesMax ? 'imageTooLarge' : null;
      if (code) {
        setError(code);
        clearInput();
        return;
      }
      setRemoved(false);
      setPicture({ file, preview: URL.createObjectURL(file) });
    },
    drop: () => {
      onChange?.();
      setError(null);
      if (picture) {
        setPicture(null);
        clearInput();
      } else {
        setRemoved(true);
      }
    },
    reset: () => {
      setRemoved(false);
      setPicture(null);
      clearInput();
    },
  };
}

/**
 * The picture with its choose, replace and remove buttons, the accepted types and what will happen
 * on saving. `name` names the file input for a form that sends it as it is.
 */
export function PictureField({
  id,
  choice,
  person,
  saved,
  name,
}: {
  id: string;
  choice: PictureChoice;
  person: { firstName: string; lastName: string };
  saved: string | null;
  name?: string;
}) {
  const { t } = useTranslation();
  const shown = choice.picture?.preview ?? (choice.removed ? null : saved);
  return (
    <div className="mt-3 flex flex-col items-start gap-4 sm:flex-row sm:items-center">
      <ProfileAvatar person={person} src={shown} size="lg" alt={t('profiles.picture')} />
      <div className="space-y-2">
        <div className="flex flex-wrap gap-2">
          <input
            ref={choice.input}
            id={`${id}-file`}
            type="file"
            name={name}
            accept="image/*"
            aria-describedby={`${id}-picture-hint`}
            onChange={(event) => choice.choose(event.target.files?.[0])}
            className="peer sr-only"
          />
          <label
            htmlFor={`${id}-file`}
            className="cursor-pointer rounded-full px-4 py-2 font-medium ring-1 ring-slate-300 hover:bg-slate-100 peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary-dark"
          >
            {shown ? t('profiles.replacePicture') : t('profiles.choosePicture')}
          </label>
          {shown ? (
            <button type="button" onClick={choice.drop} className="rounded-full px-4 py-2 font-medium text-red-800 ring-1 ring-red-300 hover:bg-red-50">
              {t('profiles.removePicture')}
            </button>
          ) : null}
        </div>
        <p id={`${id}-picture-hint`} className="text-sm text-slate-600">
          {t('profiles.pictureHint', { size: LIMITS.pictureBytesMax / (1024 * 1024) })}
        </p>
        <p aria-live="polite" className="text-sm text-slate-700 empty:hidden">
          {choice.picture ? t('profiles.pictureChosen') : choice.removed ? t('profiles.pictureRemoved') : null}
        </p>
      </div>
    </div>
  );
}
