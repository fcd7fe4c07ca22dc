import { useEffect } from 'react';
import { trUploads } from '../../../i18n/tr-uploads';
import { formatBytes } from '../../../lib/format';
import { Button } from '../../../components/ui';
import { discardUnfinished, loadUnfinished, useUploads } from './upload-store';

/**
 * Uploads an earlier visit left unfinished (a reload, a closed tab): the customer is told which,
 * and that choosing the same file again goes on where it stopped (docs/PRODUCT.md#media).
 */
export function UnfinishedUploads() {
  const unfinished = useUploads((s) => s.unfinished);
  useEffect(() => void loadUnfinished(), []);
  if (unfinished.length === 0) return null;
  return (
    <div className="banner banner-warning unfinished" role="status" aria-labelledby="unfinished-title">
      <div className="banner-text">
        <strong id="unfinished-title">{trUploads.unfinishedTitle}</strong>
        <p>{trUploads.unfinishedHint}</p>
        <ul className="unfinished-list">
          {unfinished.map((u) => (
            <li key={u.key}>
              <span>{trUploads.unfinishedItem(u.fileName, u.name, formatBytes(u.size))}</span>
              <Button size="sm" variant="ghost" aria-label={trUploads.actionFor(trUploads.discard, u.fileName)} onClick={() => void discardUnfinished(u.key)}>
                {trUploads.discard}
              </Button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
