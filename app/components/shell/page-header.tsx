import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';

/** A button, or a link (`to`) where the action only goes to another page: links work before hydration. */
export type HeaderAction = {
  label: string;
  /** normal: filled; inherit: outlined; destructive: red. */
  style?: 'normal' | 'inherit' | 'destructive';
  disabled?: boolean;
  icon?: React.ReactNode;
} & ({ onClick: () => void } | { to: string });

export interface HeaderTab<T extends string> {
  value: T;
  label: string;
}

interface Props<T extends string, S extends string> {
  title: string;
  actions?: HeaderAction[];
  tabs?: { items: HeaderTab<T>[]; current: T; onChange: (value: T) => void; label: string };
  sort?: { items: HeaderTab<S>[]; current: S; onChange: (value: S) => void };
  /** After the actions: a menu of further ones (the template's bulk actions). */
  menu?: React.ReactNode;
}

const ACTION_STYLE = {
  normal: 'bg-primary-dark text-white hover:bg-primary-dark/90',
  inherit: 'ring-1 ring-slate-300 text-slate-800 hover:bg-slate-100',
  destructive: 'bg-red-700 text-white hover:bg-red-800',
} as const;

/** A page's header: title, actions, tabs and a sort toggle. */
export function PageHeader<T extends string, S extends string>({ title, actions = [], tabs, sort, menu }: Props<T, S>) {
  const { t } = useTranslation();
  return (
    <div className="border-b border-slate-200 bg-white px-4 pt-4 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3 pb-3">
        <h1 className="text-2xl font-semibold">{title}</h1>
        <div className="flex flex-wrap gap-2">
          {actions.map((action) => {
            const className = `flex items-center gap-2 rounded-full px-4 py-2 font-medium disabled:opacity-50 ${ACTION_STYLE[action.style ?? 'normal']}`;
            return 'to' in action && !action.disabled ? (
              <Link key={action.label} to={action.to} className={className}>
                {action.icon}
                {action.label}
              </Link>
            ) : (
              <button
                key={action.label}
                type="button"
                onClick={'onClick' in action ? action.onClick : undefined}
                disabled={action.disabled}
                className={className}
              >
                {action.icon}
                {action.label}
              </button>
            );
          })}
          {menu}
        </div>
      </div>
      {tabs || sort ? (
        <div className="flex flex-wrap items-end justify-between gap-2">
          {tabs ? (
            <div role="tablist" aria-label={tabs.label} className="flex gap-1">
              {tabs.items.map((tab) => (
                <button
                  key={tab.value}
                  type="button"
                  role="tab"
                  aria-selected={tab.value === tabs.current}
                  onClick={() => tabs.onChange(tab.value)}
                  className={`border-b-2 px-3 py-2 font-medium ${tab.value === tabs.current ? 'border-primary-dark text-primary-dark' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
                >
                  {tab.label}
                </button>
              ))}
            </div>
          ) : (
            <span />
          )}
          {sort ? (
            <div role="group" aria-label={t('sort.label')} className="mb-2 flex rounded-full ring-1 ring-slate-300">
              {sort.items.map((item) => (
                <button
                  key={item.value}
                  type="button"
                  aria-pressed={item.value === sort.current}
                  onClick={() => sort.onChange(item.value)}
                  className="rounded-full px-3 py-1 text-sm font-medium text-slate-700 aria-pressed:bg-slate-800 aria-pressed:text-white"
                >
                  {item.label}
                </button>
              ))}
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
