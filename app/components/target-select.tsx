/**
 * Where something goes (a party to forward to, a template): a labelled choice among `options`,
 * or `empty` when there is none. Null options: still loading, shown as an empty choice.
 */
export function TargetSelect({
  label,
  placeholder,
  empty,
  options,
  value,
  onChange,
  className = '',
}: {
  label: string;
  placeholder: string;
  empty: string;
  options: readonly { id: string; title: string }[] | null;
  value: string;
  onChange: (id: string) => void;
  className?: string;
}) {
  if (options && options.length === 0) return <p className={className}>{empty}</p>;
  return (
    <label className={`block ${className}`}>
      <span className="font-medium text-slate-900">{label}</span>
      <select value={value} onChange={(event) => onChange(event.target.value)} className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5">
        <option value="">{placeholder}</option>
        {(options ?? []).map((option) => (
          <option key={option.id} value={option.id}>
            {option.title}
          </option>
        ))}
      </select>
    </label>
  );
}
