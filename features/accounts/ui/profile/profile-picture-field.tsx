'use client';

import { ImageUp, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/shared/ui/button';
import { FormAlert } from '@/shared/ui/form-alert';
import { BUTTON_BASE, BUTTON_SIZES, BUTTON_VARIANTS } from '@/shared/ui/styles';
import { cn } from '@/shared/cn';
import { usePictureChoice } from './use-picture-choice';

/**
 * A profile picture picker (member and admin profiles): the preview or 'No Image', a 'Choose picture'
 * file input (images only) and 'Remove picture'. The chosen image is shrunk in the browser to at most
 * 256 px on its longer side and handed over as a data URL; a file that is not an image is refused with
 * an inline error and the previous picture stays.
 */
export function ProfilePictureField({
  value,
  onChange,
  label = 'Profile picture',
  onBusyChange,
}: {
  /** The current picture as an image data URL; empty or undefined for none. */
  value?: string;
  onChange: (dataUrl: string | undefined) => void;
  label?: string;
  /** Told when a chosen file starts and stops being processed (e.g. to hold a Save button). */
  onBusyChange?: (busy: boolean) => void;
}) {
  const baseId = useId();
  const legendId = `${baseId}-legend`;
  const chooseId = `${baseId}-choose`;
  const inputId = `${baseId}-input`;
  const hintId = `${baseId}-hint`;
  const errorId = `${baseId}-error`;
  const { inputRef, error, busy, handleFile, remove } = usePictureChoice({ onChange, onBusyChange });

  return (
    <fieldset className="min-w-0">
      <legend id={legendId} className="mb-2 block text-sm font-medium text-slate-800">
        {label}
      </legend>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-full border border-slate-200 bg-slate-100">
          <PicturePreview value={value} />
        </div>
        <div className="flex flex-wrap gap-2">
          <div className="relative">
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept="image/*"
              onChange={handleFile}
              aria-labelledby={`${legendId} ${chooseId}`}
              aria-describedby={error ? `${hintId} ${errorId}` : hintId}
              aria-invalid={error ? true : undefined}
              className="peer sr-only"
            />
            <label
              id={chooseId}
              htmlFor={inputId}
              className={cn(
                BUTTON_BASE,
                BUTTON_VARIANTS.secondary,
                BUTTON_SIZES.md,
                'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
              )}
            >
              <ImageUp aria-hidden="true" className="size-4" />
              Choose picture
            </label>
          </div>
          {value ? (
            <Button variant="secondary" onClick={remove}>
              <Trash2 aria-hidden="true" className="size-4" />
              Remove picture
            </Button>
          ) : null}
        </div>
      </div>
      <p id={hintId} className="mt-2 text-xs text-slate-500" aria-live="polite">
        {busy ? 'Preparing the picture…' : 'PNG, JPEG, GIF or WebP. It is resized to 256 px.'}
      </p>
      {error ? (
        <FormAlert tone="error" className="mt-2">
          <span id={errorId}>{error}</span>
        </FormAlert>
      ) : null}
    </fieldset>
  );
}

/** The picture, or 'No Image'. */
function PicturePreview({ value }: { value?: string }) {
  return value ? (
    // A data URL made in this browser: next/image cannot optimise it, a plain img is right.
    // eslint-disable-next-line @next/next/no-img-element
    <img src={value} alt="Profile picture preview" className="size-full object-cover" />
  ) : (
    <span className="text-sm font-medium text-slate-600">No Image</span>
  );
}
