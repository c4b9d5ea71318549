// What the order screens share: the API prefix, the looks of fields, and the filters of store, marketplace and the
// zone dates are read in.
import { StoreSelects } from "../lib/StoreSelects.jsx";

export const AMZ = "/amazon/api/v1";
export const button = "rounded-md bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-50";
export const input = "rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";

// StoreFilters are the store, marketplace and zone filters every order screen has; the zone starts at the day the
// company counts (公司设置).
export function StoreFilters({ marketplaces, dayZone }) {
  return (
    <>
      <StoreSelects marketplaces={marketplaces} />
      <select name="zone" aria-label="时区" className={input} defaultValue={dayZone || "marketplace"} title="日期按站点当地时间（北美为太平洋时间）或北京时间计算，默认为公司设置的统计日期">
        <option value="marketplace">站点时间</option>
        <option value="beijing">北京时间</option>
      </select>
    </>
  );
}

// DateRange is the from and to dates of a list (both included).
export function DateRange({ label }) {
  return (
    <>
      <label className="flex items-center gap-1">
        {label}从 <input name="startDate" type="date" aria-label="开始日期" className={input} />
      </label>
      <label className="flex items-center gap-1">
        至 <input name="endDate" type="date" aria-label="结束日期" className={input} />
      </label>
    </>
  );
}

const STATUSES = [
  ["Pending", "待处理"],
  ["Unshipped", "未发货"],
  ["Shipped", "已发货"],
  ["Cancelled", "已取消"],
];

// OrderStateFilters are the order status and fulfilment channel choices, as Amazon writes them.
export function OrderStateFilters() {
  return (
    <>
      <select name="status" aria-label="订单状态" className={input} defaultValue="">
        <option value="">全部状态</option>
        {STATUSES.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
      <select name="channel" aria-label="配送方式" className={input} defaultValue="">
        <option value="">全部配送</option>
        <option value="Amazon">FBA</option>
        <option value="Merchant">FBM</option>
      </select>
    </>
  );
}
