import type { TSalesPurchase } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';

/** 14:07, the time part of the Turkish date-time. */
const formatTime = (iso: string) => formatDateTime(iso).split(' ')[1] ?? '';
import { Badge } from '../../components/ui';
import { customerCell, mobileLabel, packageName, paymentLines, statusLabel } from './sales-format';

/** An email may wrap after its '@' (and at its hyphens), never inside a word ('exampl/e.com'). */
const breakAfterAt = (text: string) => {
  const at = text.indexOf('@');
  return at < 0 ? text : <>{text.slice(0, at + 1)}<wbr />{text.slice(at + 1)}</>;
};

export function SalesTable({ purchases }: { purchases: TSalesPurchase[] }) {
  const t = tr.adminSales;
  return (
    <div className="table-wrap">
      <table className="table sales-table">
        <thead>
          <tr>
            <th scope="col">{t.colCustomer}</th>
            <th scope="col">{t.colPackage}</th>
            <th scope="col">{t.colPrice}</th>
            <th scope="col">{t.colPayment}</th>
            <th scope="col">{t.colMobileCode}</th>
            <th scope="col">{t.colStatus}</th>
            <th scope="col">{t.colDate}</th>
            <th scope="col">{t.colExpiry}</th>
          </tr>
        </thead>
        <tbody>
          {purchases.map((p) => {
            const customer = customerCell(p.user);
            const status = statusLabel(p.status);
            const payment = paymentLines(p.paymentDetails);
            return (
              <tr key={p._id} data-testid="sale-row">
                <td data-label={t.colCustomer}>
                  <span className="cell-value">
                    <span className="cell-strong">{breakAfterAt(customer.primary)}</span>
                    {customer.secondary && <span className="muted cell-sub">{customer.secondary}</span>}
                  </span>
                </td>
                <td data-label={t.colPackage}><span className="cell-value">{packageName(p)}</span></td>
                <td data-label={t.colPrice} className="num"><span className="cell-value">{formatMoney(p.paymentDetails.amount)}</span></td>
                <td data-label={t.colPayment}>
                  <span className="cell-value">
                    {payment.length === 0 ? '-' : payment.map((line) => <span key={line} className="cell-line">{line}</span>)}
                  </span>
                </td>
                <td data-label={t.colMobileCode}>
                  <span className="cell-value">
                    <code className="cell-code">{p.mobileVerificationCode ?? '-'}</code>
                    <Badge tone={p.isMobileVerified ? 'success' : 'warning'}>{mobileLabel(p)}</Badge>
                  </span>
                </td>
                <td data-label={t.colStatus}><span className="cell-value"><Badge tone={status.tone}>{status.label}</Badge></span></td>
                <td data-label={t.colDate} className="nowrap">
                  <span className="cell-value">
                    <span className="cell-line">{formatDate(p.createdAt)}</span>
                    <span className="muted cell-line">{formatTime(p.createdAt)}</span>
                  </span>
                </td>
                <td data-label={t.colExpiry} className="nowrap"><span className="cell-value">{formatDate(p.expiresAt)}</span></td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
