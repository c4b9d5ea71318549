// 费用项 and SKU结算 (财务 → 结算): what the settlements booked over any months (Beijing time, by the lines' posted
// dates), by Amazon's names for the amounts (our Chinese names beside, one table on the server) or by seller SKU,
// in each currency and in CNY at each month's rate. Both lists export.
import { api } from "../lib/api.js";
import { PlaceSelects } from "../lib/StoreSelects.jsx";
import DataTable from "../table/DataTable.jsx";

const AMZ = "/amazon/api/v1";
const FORM = "settled-filter";
const button = "rounded-md bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-50";
const input = "rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";

const thisMonth = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai", year: "numeric", month: "2-digit" }).format(new Date());

function Filters({ search }) {
  // 月度报告 opens 费用项 on its month (?month=).
  const asked = new URLSearchParams(window.location.search).get("month") || "";
  const month = /^\d{4}-\d{2}$/.test(asked) ? asked : thisMonth();
  return (
    <form id={FORM} className="mb-3 flex flex-wrap items-center gap-2 text-sm">
      <PlaceSelects />
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
