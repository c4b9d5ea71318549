// FBA费用报告 (销售 → 亚马逊报告): each SKU's FBA fees as Amazon's fee estimate report states them (size tier,
// Amazon's measures, the fulfilment and referral fee per unit) beside the fulfilment fee the settlements of the
// chosen days charged per unit; a SKU charged more than estimated is marked 多收 with the difference per unit and
// in all. 只看多收 narrows to those; the list exports.
import { api } from "../lib/api.js";
import { mount } from "../lib/mount.js";
import { PlaceSelects } from "../lib/StoreSelects.jsx";
import { money } from "../lib/money.js";
import DataTable from "../table/DataTable.jsx";

const AMZ = "/amazon/api/v1";
const button = "rounded-md bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-50";
const input = "rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";
const OVER = "rounded bg-rose-50 px-1.5 py-0.5 font-semibold text-rose-800 dark:bg-rose-950 dark:text-rose-300";

function FBAFeeScreen({ permissions }) {
  const over = (key) => (row) => (row.overcharged ? <span className={OVER}>{money(row[key], row.currency)}</span> : "—");
  return (
    <section aria-label="FBA费用报告">
      <form id="fbafee-filter" className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <PlaceSelects />
        <label className="flex items-center gap-1">
          结算日期从
          <input name="from" type="date" aria-label="开始日期" className={input} />
        </label>
        <label className="flex items-center gap-1">
          到
          <input name="to" type="date" aria-label="结束日期" className={input} />
        </label>
        <input name="keyword" type="search" aria-label="SKU或ASIN" placeholder="SKU / FNSKU / ASIN" className={`w-44 ${input}`} />
        <label className="flex items-center gap-1">
          <input name="overcharged" type="checkbox" value="1" />
          只看多收
        </label>
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">
        预估配送费来自亚马逊的FBA费用预估报告；实收配送费为所选期间结算中FBA配送费（按件）的合计除以件数。实收高于预估时标记“多收”，可在“待索赔”中查看配送费多收的索赔。
      </p>
      <DataTable
        queryname="fbaFeeList"
        source={`${AMZ}/fbafees/page`}
        exportUrl={`${AMZ}/fbafees/export`}
        filterForm="fbafee-filter"
        permissions={permissions}
        renders={{
          difference: over("difference"),
          overcharge: over("overcharge"),
          statusName: (row) => (row.overcharged ? <span className={OVER}>{row.statusName}</span> : row.statusName),
        }}
        empty="没有符合条件的SKU：没有数据时请在“数据同步”中同步FBA费用预估报告和结算报告；勾选了“只看多收”时表示所选期间没有多收的配送费。"
      />
    </section>
  );
}

mount("fbafees", FBAFeeScreen);
