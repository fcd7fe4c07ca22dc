import type { TSalesPurchase } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { Badge } from '../../components/ui';
import { customerCell, mobileLabel, packageName, paymentCell, statusLabel } from './sales-format';

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
            return (
              <tr key={p._id} data-testid="sale-row">
                <td>
                  <span className="cell-strong">{customer.primary}</span>
                  {customer.secondary && <span className="muted cell-sub">{customer.secondary}</span>}
                </td>
                <td>{packageName(p)}</td>
                <td className="num">{formatMoney(p.paymentDetails.amount)}</td>
                <td>{paymentCell(p.paymentDetails)}</td>
                <td>
                  <code className="cell-code">{p.mobileVerificationCode ?? '-'}</code>
                  <Badge tone={p.isMobileVerified ? 'success' : 'warning'}>{mobileLabel(p)}</Badge>
                </td>
                <td><Badge tone={status.tone}>{status.label}</Badge></td>
                <td className="nowrap">{formatDateTime(p.createdAt)}</td>
                <td className="nowrap">{formatDate(p.expiresAt)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
