// 入库单 / 出库单 / 盘点单 / 调拨单 / 换货单: the company's documents of one kind in the table island, found by number, warehouse, state and
// creation dates. 新建 opens the create page in a tab, 详情 (or a click on the row) the document's own tab.
import { can } from "../lib/permissions.js";
import DataTable from "../table/DataTable.jsx";
import { ERP, KINDS, STATUSES, WarehouseSelect, button, input, openTab, useWarehouses } from "./shared.jsx";

// A state's look by its name: the documents share 待提交, 待审核, 已完成 and 已作废; a stocktake counting and a transfer
// in transit are under way.
const STATUS_LOOK = {
  待提交: "bg-slate-100 text-slate-700",
  待审核: "bg-amber-100 text-amber-800",
  盘点中: "bg-sky-100 text-sky-800",
  调拨中: "bg-sky-100 text-sky-800",
  已完成: "bg-emerald-100 text-emerald-800",
  已作废: "bg-red-50 text-red-700",
};

export function StatusBadge({ name }) {
  return <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS_LOOK[name] || STATUS_LOOK.待提交}`}>{name}</span>;
}

export default function Documents({ kind, permissions }) {
  const k = KINDS[kind];
  const warehouses = useWarehouses(true);
  const detail = (row) => openTab(`${k.noun} ${row.number}`, k.detail, { id: row.id });
  return (
    <section aria-label={k.noun}>
      <form id="document-filter" className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <input name="number" aria-label="单据号" placeholder={`${k.noun}号`} className={`w-44 ${input}`} />
        <WarehouseSelect warehouses={warehouses} label={kind === "transfer" ? "调出或调入仓库" : "仓库"} />
        <select name="status" aria-label="状态" className={input}>
          <option value="">全部状态</option>
          {(k.statuses || STATUSES).map(([v, l]) => (
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
        queryname={`${kind}List`}
        source={`${ERP}/${k.path}/page`}
        exportUrl={`${ERP}/${k.path}/export`}
        filterForm="document-filter"
        permissions={permissions}
        renders={{ statusName: (row) => <StatusBadge status={row.status} name={row.statusName} /> }}
        toolbar={
          can(permissions, `${k.permission}:add`) && (
            <button type="button" className={button} onClick={() => openTab(`新建${k.noun}`, k.create)}>
              新建{k.noun}
            </button>
          )
        }
        actions={[{ label: "详情", run: detail }]}
      />
    </section>
  );
}
