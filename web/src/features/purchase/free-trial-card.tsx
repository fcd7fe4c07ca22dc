import type { TPackage, TPurchaseSummary } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { errorMessage } from '../../lib/api-error';
import { Banner, Button, Card } from '../../components/ui';
import { useStartFreeTrial } from './api/use-start-free-trial';

/** A price-0 package: the server completes it at once, no card involved. */
export function FreeTrialCard({ pkg, onPaid }: { pkg: TPackage; onPaid: (p: TPurchaseSummary) => void }) {
  const t = tr.purchase;
  const start = useStartFreeTrial(pkg._id);

  return (
    <Card aria-labelledby="free-title">
      <h2 id="free-title" className="card-title">{t.freeTitle}</h2>
      {start.isError && <Banner tone="error">{errorMessage(start.error, t.serverError)}</Banner>}
      <p className="muted">{t.freeText}</p>
      <Button block busy={start.isPending} busyText={t.freeBusy} onClick={() => start.mutate(undefined, { onSuccess: onPaid })}>{t.freeStart}</Button>
    </Card>
  );
}
