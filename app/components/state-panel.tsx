import type { ReactNode } from 'react';

/** A full-screen state: not found, expired, removed, errors. */
export function StatePanel({ title, children, tone = 'neutral' }: { title: string; children?: ReactNode; tone?: 'neutral' | 'warning' }) {
  return (
    <main id="main" className="flex min-h-full items-center justify-center p-6">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
        <div
          aria-hidden="true"
          className={`mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full ${tone === 'warning' ? 'bg-amber-100 text-amber-700' : 'bg-primary-light text-primary-dark'}`}
        >
          ●
        </div>
        <h1 className="text-xl font-semibold">{title}</h1>
        {children ? <div className="mt-3 space-y-3 text-slate-600">{children}</div> : null}
      </div>
    </main>
  );
}
