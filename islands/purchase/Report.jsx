// 采购报表: approved purchase orders summed by supplier, product or month of creation, over the chosen dates and
// supplier: units ordered, received and returned, the CNY cost of what came, each supplier's measured lead time
// (approval to first receipt) and its on-time rate against the expected date.
import { button, input } from "../stock/shared.jsx";
import DataTable from "../table/DataTable.jsx";
import { useSuppliers } from "./Orders.jsx";

const REPORT = "/erp/api/v1/purchaseReport";

export default function Report({ permissions }) {
  const suppliers = useSuppliers();
  return (
    <section aria-label="采购报表">
      <form id="pr-filter" className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <select name="by" aria-label="统计维度" className={input} defaultValue="supplier">
          <option value="supplier">按供应商</option>
          <option value="product">按产品</option>
          <option value="buyer">按采购员</option>
          <option value="month">按月份</option>
        </select>
        <select name="supplierId" aria-label="供应商" className={input}>
          <option value="">全部供应商</option>
          {(suppliers || []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
        <label className="flex items-center gap-1">
          从 <input name="startDate" type="date" aria-label="开始日期" className={input} />
        </label>
        <label className="flex items-center gap-1">
          至 <input name="endDate" type="date" aria-label="结束日期" className={input} />
        </label>
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <DataTable
        queryname="purchaseReportList"
        source={`${REPORT}/page`}
        exportUrl={`${REPORT}/export`}
        filterForm="pr-filter"
        permissions={permissions}
        renders={{ leadDays: (row) => row.leadDays || "—", onTimeRate: (row) => row.onTimeRate || "—" }}
        empty="暂无已审核的采购单：采购单审核后计入报表"
      />
    </section>
  );
}
