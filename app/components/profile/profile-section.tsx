import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';

/**
 * A card of a profile editor (a consultant's, a guest's), named by its heading; `grid` lays its
 * fields out in two columns from sm up. `level` fits the heading into the page's outline.
 */
export function ProfileSection({
  id,
  title,
  grid = false,
  level = 3,
  children,
}: {
  id: string;
  title: string;
  grid?: boolean;
  level?: 2 | 3;
  children: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={id} className={`rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 ${grid ? 'grid gap-4 sm:grid-cols-2' : ''}`}>
      <Heading id={id} className={`text-lg font-semibold ${grid ? 'sm:col-span-2' : ''}`}>
        {title}
      </Heading>
      {children}
    </section>
  );
}

/** A profile editor's submit: enabled once something changed, "saving" while it goes. */
export function SaveButton({ dirty, busy }: { dirty: boolean; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <button
      type="submit"
      disabled={!dirty || busy}
      className="rounded-full bg-primary-dark px-6 py-2.5 font-medium text-white hover:bg-primary-dark/90 disabled:cursor-not-allowed disabled:opacity-50"
    >
      {busy ? t('profiles.saving') : t('profiles.save')}
    </button>
  );
}
