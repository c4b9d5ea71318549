// 库存规划 (仓库 → 库存): each FBA SKU's inventory health as Amazon last reported it (the inventory planning
// report): its units by age, what shipped, the days of supply, the excess and the action Amazon recommends, with the
// money at stake (next month's storage, what the action saves) and the low-inventory-level fee's risk (both
// historical days of supply under 28). The views pick the SKUs with units past 180 days, with excess, or at risk;
// the list exports. The reserved units are split by why (the reserved inventory report) and stranded units show
// Amazon's reason (the stranded inventory report); 滞留库存 picks those.
import { useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { mount } from "../lib/mount.js";
import { PlaceSelects } from "../lib/StoreSelects.jsx";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";

const AMZ = "/amazon/api/v1";
const button = "rounded-md bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-50";
const input = "rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";
const RISK = "rounded bg-rose-50 px-1.5 py-0.5 text-rose-800 dark:bg-rose-950 dark:text-rose-300";
const AGED = "font-semibold text-amber-700 dark:text-amber-400";

function PlanningScreen({ permissions }) {
  const [actions, setActions] = useState([]);
  useEffect(() => {
    api(`${AMZ}/planning/actions`)
      .then((a) => setActions(a.data))
      .catch((e) => toast(e.message, "error"));
  }, []);
  const aged = (key) => (row) => (row[key] > 0 ? <span className={AGED}>{row[key]}</span> : row[key]);
  return (
    <section aria-label="库存规划">
      <form id="planning-filter" className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <PlaceSelects />
        <select name="view" aria-label="库存视图" className={input} defaultValue="">
          <option value="">全部SKU</option>
          <option value="aged">超龄库存（181天以上）</option>
          <option value="excess">冗余库存</option>
          <option value="low">低库存费风险</option>
          <option value="stranded">滞留库存</option>
        </select>
        <select name="action" aria-label="建议操作" className={input} defaultValue="">
          <option value="">全部建议操作</option>
          {actions.map((a) => (
            <option key={a.value} value={a.value}>
              {a.label}
            </option>
          ))}
        </select>
        <input name="keyword" type="search" aria-label="SKU、FNSKU或ASIN" placeholder="SKU / FNSKU / ASIN" className={`w-48 ${input}`} />
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">
        数据来自亚马逊每日的库存规划报告。库龄超过180天的库存每月15日加收长期仓储费；30天和90天历史可售天数都低于28天的SKU，每发一件收取低库存水平费。
        预留件数按亚马逊预留库存报告分为买家订单、运营中心调拨和运营中心处理；滞留件数和原因来自亚马逊滞留库存报告，滞留库存无法销售，需按原因修复商品信息或移除。
      </p>
      <DataTable
        queryname="planningList"
        source={`${AMZ}/planning/page`}
        exportUrl={`${AMZ}/planning/export`}
        filterForm="planning-filter"
        permissions={permissions}
        renders={{
          age181To270: aged("age181To270"),
          age271To365: aged("age271To365"),
          age365Plus: aged("age365Plus"),
          lowInventoryRiskName: (row) => (row.lowInventoryRisk ? <span className={RISK}>{row.lowInventoryRiskName}</span> : "—"),
          strandedQuantity: (row) => (row.strandedQuantity > 0 ? <span className={RISK}>{row.strandedQuantity}</span> : "—"),
          strandedReasonName: (row) =>
            row.strandedReason ? (
              <span title={row.autoRemovalDate ? `亚马逊将于${row.autoRemovalDate}自动移除` : undefined}>{row.strandedReasonName}</span>
            ) : (
              "—"
            ),
        }}
        empty="没有库存规划数据：在“数据同步”中同步库存规划报告后显示每个FBA SKU的库龄和建议操作。"
      />
    </section>
  );
}

mount("planning", PlanningScreen);
