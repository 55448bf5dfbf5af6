import { initials } from '~/core/text';

const SIZE = { sm: 'h-12 w-12 text-base', md: 'h-20 w-20 text-2xl', lg: 'h-32 w-32 text-4xl' } as const;

/** A profile's picture, or its initials on the primary colour when it has none. */
export function ProfileAvatar({
  person,
  src,
  alt = '',
  size = 'sm',
}: {
  person: { firstName: string; lastName: string };
  src: string | null;
  alt?: string;
  size?: keyof typeof SIZE;
}) {
  if (src) return <img src={src} alt={alt} className={`${SIZE[size]} shrink-0 rounded-full bg-slate-100 object-cover`} />;
  return (
    <span
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      className={`${SIZE[size]} flex shrink-0 items-center justify-center rounded-full bg-primary-dark font-semibold text-white`}
    >
      {initials(person)}
    </span>
  );
}
