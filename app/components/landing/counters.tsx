import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANDING_COUNTERS, TIMINGS } from '~/core/limits';

/**
 * The landing page's counters. The server renders the final numbers (read by screen readers and
 * shown without script); in the browser they count up from zero over 1500 ms once scrolled into
 * view, unless the visitor asked for reduced motion. The moving figure is hidden from assistive
 * technology, which reads the final one beside it.
 */
export function Counters() {
  const { t, i18n } = useTranslation();
  // Compact figures from our own texts: Intl's compact notation differs between the ICU data of the
  // server and of browsers (Italian did), and the server's figure must be the browser's.
  const decimal = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const format = (value: number) => {
    if (value >= 1_000_000) return t('landing.countMillions', { n: decimal.format(Math.floor(value / 100_000) / 10) });
    if (value >= 1_000) return t('landing.countThousands', { n: Math.floor(value / 1_000) });
    return String(Math.floor(value));
  };
  const list = useRef<HTMLDListElement>(null);
  // The share of the animation done: 1 (the final numbers) until it starts.
  const [progress, setProgress] = useState(1);
  useEffect(() => {
    const element = list.current;
    if (!element || matchMedia('(prefers-reduced-motion: reduce)').matches || !('IntersectionObserver' in window)) return;
    let frame = 0;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) return;
        observer.disconnect();
        const start = performance.now();
        const step = (now: number) => {
          const done = Math.min(1, (now - start) / TIMINGS.counterAnimationMs);
          setProgress(1 - (1 - done) ** 3);
          if (done < 1) frame = requestAnimationFrame(step);
        };
        frame = requestAnimationFrame(step);
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);
  return (
    <dl ref={list} className="grid grid-cols-3 gap-2 text-center" data-testid="counters">
      {LANDING_COUNTERS.map((counter) => {
        const final = format(counter.value);
        return (
          <div key={counter.key} className="flex flex-col-reverse rounded-2xl bg-white px-2 py-4 shadow-sm ring-1 ring-slate-200">
            <dt className="mt-1 text-sm text-slate-700">{t(`landing.${counter.key}`)}</dt>
            <dd className="text-2xl font-bold tabular-nums text-primary-dark sm:text-4xl">
              <span aria-hidden="true">{progress === 1 ? final : format(counter.value * progress)}</span>
              <span className="sr-only" data-testid="counter-value">
                {final}
              </span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
