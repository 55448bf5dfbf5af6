import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SERVER_TIME_ZONE, formatDate, formatDateTime, formatTime } from '~/core/dates';

type Format = 'date' | 'dateTime' | 'time';

/**
 * Formats times in the reader's own zone. The server renders in the product's home zone; after
 * hydration the browser's zone takes over, so the first render always matches.
 */
export function useDateFormatter(): (ms: number, format?: Format) => string {
  const { i18n } = useTranslation();
  const [zone, setZone] = useState<string | undefined>(SERVER_TIME_ZONE);
  useEffect(() => setZone(undefined), []);
  return (ms, format = 'dateTime') =>
    format === 'date' ? formatDate(ms, i18n.language, zone) : format === 'time' ? formatTime(ms, zone) : formatDateTime(ms, i18n.language, zone);
}
