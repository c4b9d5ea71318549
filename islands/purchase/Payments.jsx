// 付款申请: what each supplier is owed (应付汇总: per currency, ordered, received, paid, approved and owed) above
// the company's requests, both in the table island (paged, 列配置, export), the requests found by number,
// supplier and state. 详情 opens a request's tab.
import { openTab } from "../lib/tabs.js";
import { button, input } from "../stock/shared.jsx";
import DataTable from "../table/DataTable.jsx";
import { useSuppliers } from "./Orders.jsx";
import { PAYMENTS, PAYMENT_PAGE, PAYMENT_STATUSES, PaymentBadge } from "./shared.jsx";

export default function Payments({ permissions }) {
  const suppliers = useSuppliers();
  const detail = (row) => openTab(`付款申请 ${row.number}`, PAYMENT_PAGE, { id: row.id });
  return (
    <div className="space-y-4">
      <section aria-label="应付汇总">
        <h2 className="mb-2 text-base font-semibold">应付汇总</h2>
        <DataTable
          queryname="supplierOwedList"
          source={`${PAYMENTS}/owed/page`}
          exportUrl={`${PAYMENTS}/owed/export`}
          permissions={permissions}
          rowKey="key"
          empty="暂无应付款：采购单审核后，这里按供应商汇总应付金额。"
        />
      </section>
      <section aria-label="付款申请">
        <h2 className="mb-2 text-base font-semibold">付款申请</h2>
        <form id="pay-filter" className="mb-2 flex flex-wrap items-center gap-2 text-sm">
          <input name="number" aria-label="付款单号" placeholder="付款单号" className={`w-44 ${input}`} />
          <select name="supplierId" aria-label="供应商" className={input}>
            <option value="">全部供应商</option>
            {(suppliers || []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
          <select name="status" aria-label="状态" className={input}>
            <option value="">全部状态</option>
            {PAYMENT_STATUSES.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
          <button type="submit" className={button}>
            查询
          </button>
        </form>
        <DataTable
          queryname="paymentRequestList"
          source={`${PAYMENTS}/page`}
          exportUrl={`${PAYMENTS}/export`}
          filterForm="pay-filter"
          permissions={permissions}
          renders={{ statusName: (row) => <PaymentBadge status={row.status} name={row.statusName} /> }}
          actions={[{ label: "详情", run: detail }]}
          empty="暂无付款申请：在采购单详情中点击“申请付款”"
        />
      </section>
    </div>
  );
}
