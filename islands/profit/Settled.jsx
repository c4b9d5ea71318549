// 费用项 and SKU结算 (财务 → 结算): what the settlements booked over any months (Beijing time, by the lines' posted
// dates), by Amazon's names for the amounts (our Chinese names beside, one table on the server) or by seller SKU,
// in each currency and in CNY at each month's rate. Both lists export.
import { useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";

const AMZ = "/amazon/api/v1";
const ERP = "/erp/api/v1";
const FORM = "settled-filter";
const button = "rounded-md bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-50";
const input = "rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";

const thisMonth = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai", year: "numeric", month: "2-digit" }).format(new Date());

function Filters({ search }) {
  const [groups, setGroups] = useState([]);
  const [markets, setMarkets] = useState([]);
  useEffect(() => {
    Promise.all([api(`${ERP}/listing/groups`), api(`${ERP}/listing/marketplaces`)])
      .then(([g, m]) => {
        setGroups(g.data);
        setMarkets(m.data);
      })
      .catch((e) => toast(e.message, "error"));
  }, []);
  // 月度报告 opens 费用项 on its month (?month=).
  const asked = new URLSearchParams(window.location.search).get("month") || "";
  const month = /^\d{4}-\d{2}$/.test(asked) ? asked : thisMonth();
  return (
    <form id={FORM} className="mb-3 flex flex-wrap items-center gap-2 text-sm">
      <select name="groupId" aria-label="店铺" className={input} defaultValue="">
        <option value="">全部店铺</option>
        {groups.map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </select>
      <select name="marketplaceId" aria-label="站点" className={input} defaultValue="">
        <option value="">全部站点</option>
        {markets.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
      </select>
      {search && <input name="search" type="search" aria-label="SKU" placeholder="SKU" className={`w-40 ${input}`} />}
      <label className="flex items-center gap-1">
        从
        <input name="startMonth" type="month" aria-label="开始月份" defaultValue={month} className={input} />
      </label>
      <label className="flex items-center gap-1">
        到
        <input name="endMonth" type="month" aria-label="结束月份" defaultValue={month} className={input} />
      </label>
      <button type="submit" className={button}>
        查询
      </button>
    </form>
  );
}

export function FeeItems({ permissions }) {
  return (
    <div>
      <Filters />
      <DataTable
        queryname="itemFeeList"
        source={`${AMZ}/settled/fees`}
        exportUrl={`${AMZ}/settled/fees/export`}
        filterForm={FORM}
        permissions={permissions}
        pageSize={50}
        empty="所选月份没有结算：在“数据同步”中同步结算报告，或换一个月份范围。"
      />
    </div>
  );
}

export function SKUSettlements({ permissions }) {
  return (
    <div>
      <Filters search />
      <DataTable
        queryname="skuSettlementList"
        source={`${AMZ}/settled/skus`}
        exportUrl={`${AMZ}/settled/skus/export`}
        filterForm={FORM}
        permissions={permissions}
        renders={{ sku: (row) => row.sku || "店铺费用" }}
        empty="所选月份没有结算：在“数据同步”中同步结算报告，或换一个月份范围。"
      />
    </div>
  );
}
