// 采购单: the company's purchase orders in the table island, found by number, supplier, state and creation dates.
// 新建采购单 opens the order page in a tab, 详情 (or a click on the row) the order's own tab.
import { useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { can } from "../lib/permissions.js";
import { openTab } from "../lib/tabs.js";
import { toast } from "../lib/toast.js";
import { button, input } from "../stock/shared.jsx";
import DataTable from "../table/DataTable.jsx";
import { PAGE, PO, STATUSES, StatusBadge } from "./shared.jsx";

export function useSuppliers() {
  const [suppliers, setSuppliers] = useState(null);
  useEffect(() => {
    api("/erp/api/v1/supplier/options")
      .then(({ data }) => setSuppliers(data))
      .catch((e) => toast(e.message, "error"));
  }, []);
  return suppliers;
}

export default function Orders({ permissions }) {
  const suppliers = useSuppliers();
  const detail = (row) => openTab(`采购单 ${row.number}`, PAGE, { id: row.id });
  return (
    <section aria-label="采购单">
      <form id="po-filter" className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <input name="number" aria-label="采购单号" placeholder="采购单号" className={`w-44 ${input}`} />
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
          {STATUSES.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
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
        queryname="purchaseOrderList"
        source={`${PO}/page`}
        exportUrl={`${PO}/export`}
        filterForm="po-filter"
        permissions={permissions}
        renders={{ statusName: (row) => <StatusBadge status={row.status} name={row.statusName} /> }}
        toolbar={
          can(permissions, "erp:purchase:add") && (
            <button type="button" className={button} onClick={() => openTab("新建采购单", PAGE)}>
              新建采购单
            </button>
          )
        }
        actions={[{ label: "详情", run: detail }]}
        empty="暂无采购单，点击“新建采购单”向供应商下单"
      />
    </section>
  );
}
