import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SERVER_TIME_ZONE, formatDate, formatDateTime, formatTime } from '~/core/dates';

type Format = 'date' | 'dateTime' | 'time';

/** True once the page has hydrated: later components render in the browser's zone at once. */
let hydrated = false;

/**
 * Formats times in the reader's own zone. The server renders in the product's home zone; during
 * hydration so does the browser, so the first render always matches, and then switches to its own
 * zone. Rows mounted after that (a virtual list scrolling) render once, in the browser's zone.
 */
export function useDateFormatter(): (ms: number, format?: Format) => string {
  const { i18n } = useTranslation();
  const [zone, setZone] = useState<string | undefined>(hydrated ? undefined : SERVER_TIME_ZONE);
  useEffect(() => {
    hydrated = true;
    // The same value again (a row mounted after hydration) does not render again.
    setZone(undefined);
  }, []);
  return (ms, format = 'dateTime') =>
    format === 'date' ? formatDate(ms, i18n.language, zone) : format === 'time' ? formatTime(ms, zone) : formatDateTime(ms, i18n.language, zone);
}
