export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-semibold tracking-tight ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-7 w-7">
        <circle cx="16" cy="16" r="15" fill="#00bdf2" />
        <path d="M9 12h14M9 17h10M9 22h6" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      Salon
    </span>
  );
}
