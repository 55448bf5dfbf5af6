import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '~/components/notice';

/** Where this browser remembers that its guest closed the offer. */
const CLOSED = 'salon-claim-offer-closed';

/**
 * The offer to a guest who has just joined without an address: her parties live on this device
 * only until she adds one (/claim). Once she closes it, or follows it, this browser never shows it
 * again. The text comes after the live region is in the page, so screen readers announce it.
 */
export function ClaimOffer() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(!localStorage.getItem(CLOSED)), []);
  const close = () => {
    localStorage.setItem(CLOSED, '1');
    setOpen(false);
  };
  return (
    <Notice
      layout="bar"
      text={open ? t('join.claimOffer') : null}
      action={{ label: t('join.claimLink'), href: '/claim', onClick: close }}
      onClose={close}
      testId="claim-offer"
    />
  );
}
