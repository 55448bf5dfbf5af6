import { FormattedText } from '~/components/formatted-text';

/**
 * A message's caption on the viewer's dark ground, whole: formatted as in the chat, its box scrolls
 * when it is long (`className` gives its height), its links light enough to read on black.
 */
export function Caption({ id, text, className }: { id: string; text: string; className: string }) {
  return (
    // Focusable, so a caption longer than its box can be scrolled from the keyboard too.
    <div id={id} tabIndex={0} className={`overflow-y-auto text-sm text-slate-100 [&_a]:text-sky-300 ${className}`} data-testid="media-caption">
      <FormattedText text={text} />
    </div>
  );
}
