import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '~/components/notice';
import { applyUpdate } from '~/lib/service-worker';

/**
 * "A new version is ready" (the root shows it while one waits): offered, never forced, so a party in progress goes on until the
 * reader chooses. It lies over the top of the page, as a line in the flow would push the
 * full-height screens (the party's input bar) off the screen.
 */
export function UpdateBar() {
  const { t } = useTranslation();
  const [closed, setClosed] = useState(false);
  return (
    <Notice
      layout="bar"
      tone="warning"
      text={closed ? null : t('app.updateReady')}
      action={{ label: t('app.updateReload'), onClick: applyUpdate }}
      onClose={() => setClosed(true)}
      className="fixed inset-x-0 top-0 z-40 shadow"
      testId="update-bar"
    />
  );
}
