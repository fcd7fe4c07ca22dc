import type { TMyPackage } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { formatNumber, formatStorage } from '../../lib/format';
import { Card, ProgressBar } from '../../components/ui';

type Usage = TMyPackage['usage']['screenUsage'];

/** Bars turn amber from 80 % and red from 95 %, so a customer sees a limit coming. */
const tone = (pct: number) => (pct >= 95 ? 'danger' : pct >= 80 ? 'warning' : 'primary');

function UsageRow({ label, usage, text }: { label: string; usage: Usage; text: string }) {
  return (
    <li className="usage-row" data-testid="usage-row">
      <div className="usage-head">
        <span className="usage-label">{label}</span>
        <span className="usage-value">{text}</span>
      </div>
      <ProgressBar value={usage.percentage} label={label} tone={tone(usage.percentage)} />
    </li>
  );
}

export function UsageCard({ usage }: { usage: TMyPackage['usage'] }) {
  const t = tr.settings;
  const { mediaUsage: m, screenUsage: s, playlistUsage: p } = usage;
  return (
    <Card aria-labelledby="usage-title">
      <h2 id="usage-title" className="card-title">{t.usageTitle}</h2>
      <ul className="usage-list">
        <UsageRow label={t.mediaUsage} usage={m} text={t.usageStorage(formatStorage(m.usedBytes), formatNumber(m.limit))} />
        <UsageRow label={t.screenUsage} usage={s} text={t.usageCount(formatNumber(s.used), formatNumber(s.limit))} />
        <UsageRow label={t.playlistUsage} usage={p} text={t.usageCount(formatNumber(p.used), formatNumber(p.limit))} />
      </ul>
    </Card>
  );
}
