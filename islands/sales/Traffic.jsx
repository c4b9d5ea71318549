// 流量报告 and Listing分析 over the synced sales and traffic days (Amazon's business report by child ASIN and
// day), one query layer (/amazon/api/v1/traffic/...): 流量报告 is the table of figures per ASIN and day, week,
// month or the whole range; Listing分析 ranks the listings whose conversion or Buy Box fell most against the
// period before, and opens one to its trend and days. A day's figure opens to the stored rows it sums.
import { useEffect, useRef, useState } from "react";
import { api } from "../lib/api.js";
import { PlaceSelects } from "../lib/StoreSelects.jsx";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";
import { Chart } from "../advertising/Overview.jsx";
import PeriodFilter, { input } from "../advertising/PeriodFilter.jsx";

const AMZ = "/amazon/api/v1/traffic";
const link = "text-sky-700 underline hover:text-sky-900 dark:text-sky-400";

// SERIES are the trend's lines: sessions and page views (left), conversion and Buy Box (right, percentages).
const SERIES = [
  { field: "sessions", label: "会话数", stroke: "#0369a1", fill: "rgba(3,105,161,0.10)", whole: true },
  { field: "pageViews", label: "页面浏览量", stroke: "#64748b", whole: true },
  { field: "conversion", label: "转化率", stroke: "#059669", pct: true },
  { field: "buyBox", label: "Buy Box%", stroke: "#d97706", pct: true },
];
// TOTALS are the cards: the field, its label, whether more is better.
const TOTALS = [
  ["sessions", "会话数", true],
  ["pageViews", "页面浏览量", true],
  ["conversion", "转化率", true],
  ["buyBox", "Buy Box%", true],
  ["units", "订购件数", true],
];
const num = (v) => (typeof v === "number" ? v : parseFloat(String(v).replace("%", "")));
const show = (v) => (typeof v === "number" ? v.toLocaleString("zh-CN") : v);

function Change({ now, before, up }) {
  const a = num(now);
  const b = num(before);
  if (!Number.isFinite(a) || !Number.isFinite(b) || b === 0) return <span className="text-slate-500 dark:text-slate-400">—</span>;
  const pct = ((a - b) / Math.abs(b)) * 100;
  const good = pct === 0 ? "" : pct > 0 === up ? "text-emerald-700 dark:text-emerald-400" : "text-rose-700 dark:text-rose-400";
  return <span className={good}>{`${pct > 0 ? "+" : ""}${pct.toFixed(1)}%`}</span>;
}

const sales = (list) => (list.length ? list.map((s) => `${s.currency} ${Number(s.amount).toLocaleString("zh-CN", { minimumFractionDigits: 2 })}`).join(" · ") : "—");

// Trend is the totals beside the previous period's and the daily chart of what the filters select.
function Trend({ base, query, title }) {
  const [t, setT] = useState(null);
  useEffect(() => {
    if (!query) return;
    setT(null);
    api(`${AMZ}/${base}/trend`, { method: "POST", body: query })
      .then((r) => setT(r.data))
      .catch((e) => toast(e.message, "error"));
  }, [base, JSON.stringify(query)]);
  if (!t) return <p className="mb-3 text-sm text-slate-500">加载中…</p>;
  const any = t.days.some((d) => d.sessions > 0);
  return (
    <div aria-label={title} className="mb-3">
      <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">
        本期 {t.startDate} 至 {t.endDate}，上期 {t.previousStart} 至 {t.previousEnd}
      </p>
      <dl aria-label="汇总" className="mb-3 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        {TOTALS.map(([key, label, up]) => (
          <div key={key} className="rounded-md border border-slate-200 p-2 dark:border-slate-700">
            <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-total={key}>
              {show(t.total[key])}
            </dd>
            <dd className="text-xs tabular-nums text-slate-500 dark:text-slate-400">
              上期 <span data-previous={key}>{show(t.previous[key])}</span> <Change now={t.total[key]} before={t.previous[key]} up={up} />
            </dd>
          </div>
        ))}
        <div className="rounded-md border border-slate-200 p-2 dark:border-slate-700">
          <dt className="text-xs text-slate-500 dark:text-slate-400">订购销售额</dt>
          <dd className="text-sm font-semibold tabular-nums" data-total="sales">
            {sales(t.sales)}
          </dd>
          <dd className="text-xs tabular-nums text-slate-500 dark:text-slate-400">上期 {sales(t.previousSales)}</dd>
        </div>
      </dl>
      {any ? (
        <Chart days={t.days} series={SERIES} label="每日会话数、页面浏览量、转化率和Buy Box%" />
      ) : (
        <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300">
          所选日期内没有流量数据：请在数据同步中同步“销售与流量”，或上传从卖家平台下载的业务报告（每天一个文件），或换一个日期范围。
        </p>
      )}
    </div>
  );
}

// Sources is the dialog of a day's stored rows behind a figure.
function Sources({ base, ask, onClose }) {
  const [rows, setRows] = useState(null);
  useEffect(() => {
    api(`${AMZ}/${base}/rows`, { method: "POST", body: ask })
      .then((r) => setRows(r.data))
      .catch((e) => {
        toast(e.message, "error");
        onClose();
      });
  }, []);
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-black/40 p-4">
      <div role="dialog" aria-modal="true" aria-label="来源数据" className="max-h-[80vh] w-full max-w-4xl overflow-auto rounded-lg bg-white p-4 shadow-xl dark:bg-slate-800">
        <h2 className="mb-1 font-semibold">
          {ask.asin} 于 {ask.day} 的来源数据
        </h2>
        <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">亚马逊业务报告（GET_SALES_AND_TRAFFIC_REPORT，按子ASIN、按天）导入的原始行；父ASIN的数字为其子ASIN之和。</p>
        {!rows ? (
          <p className="text-sm">加载中…</p>
        ) : rows.length === 0 ? (
          <p className="text-sm">这一天没有导入的数据。</p>
        ) : (
          <table className="w-full text-sm tabular-nums">
            <thead>
              <tr className="text-left text-xs text-slate-500">
                {["店铺", "站点", "父ASIN", "子ASIN", "SKU", "会话数", "页面浏览量", "Buy Box%", "转化率", "订购件数", "订单商品数", "订购销售额", "导入时间"].map((h) => (
                  <th key={h} className="px-1 py-1">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-t border-slate-200 dark:border-slate-700">
                  <td className="px-1">{r.groupName}</td>
                  <td className="px-1">{r.marketplace}</td>
                  <td className="px-1">{r.parentAsin}</td>
                  <td className="px-1">{r.childAsin}</td>
                  <td className="px-1">{r.sku}</td>
                  <td className="px-1">{r.sessions}</td>
                  <td className="px-1">{r.pageViews}</td>
                  <td className="px-1">{r.buyBox}</td>
                  <td className="px-1">{r.conversion}</td>
                  <td className="px-1">{r.units}</td>
                  <td className="px-1">{r.orderItems}</td>
                  <td className="px-1">
                    {r.currency} {r.sales}
                  </td>
                  <td className="px-1">{r.importedAt}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <div className="mt-3 text-right">
          <button type="button" className="rounded-md border border-slate-300 px-3 py-1 text-sm dark:border-slate-600" onClick={onClose}>
            关闭
          </button>
        </div>
      </div>
    </div>
  );
}

const EMPTY = "没有流量数据：请在数据同步中同步“销售与流量”，或上传业务报告，或换一个日期范围。";

// dayRender draws a day line's period as a link to its source rows.
const dayRender = (open) => (row) =>
  row.firstDay === row.lastDay ? (
    <button type="button" className={link} title="查看来源数据" onClick={() => open(row)}>
      {row.period}
    </button>
  ) : (
    row.period
  );

export default function Traffic({ screen, permissions }) {
  const listing = screen === "listing";
  const base = listing ? "listing" : "report";
  const form = useRef(null);
  const id = `traffic-${base}-filter`;
  const [query, setQuery] = useState(null);
  const [chosen, setChosen] = useState(null); // Listing分析: the listing opened
  const [source, setSource] = useState(null);
  const read = () => Object.fromEntries([...new FormData(form.current)].filter(([, v]) => v !== ""));
  useEffect(() => {
    const f = form.current;
    const submit = (e) => {
      e?.preventDefault();
      setQuery(read());
      setChosen(null);
    };
    submit();
    f.addEventListener("submit", submit);
    return () => f.removeEventListener("submit", submit);
  }, []);
  const open = (row) => setSource({ day: row.firstDay, asin: row.asin, by: query?.by, groupId: row.groupId, marketplaceId: row.marketplaceId });
  return (
    <section aria-label={listing ? "Listing分析" : "流量报告"}>
      <PeriodFilter id={id} formRef={form} places={<PlaceSelects />}>
        <select name="by" aria-label="ASIN层级" className={input} defaultValue="asin">
          <option value="asin">子ASIN</option>
          <option value="parentAsin">父ASIN</option>
        </select>
        {!listing && (
          <select name="period" aria-label="统计周期" className={input} defaultValue="day">
            <option value="day">按日</option>
            <option value="week">按周</option>
            <option value="month">按月</option>
            <option value="range">整段</option>
          </select>
        )}
        <input name="search" aria-label="ASIN或SKU" placeholder="ASIN / SKU" className={`w-40 ${input}`} />
      </PeriodFilter>
      <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">
        数据来源：亚马逊业务报告（销售与流量，按天；自动同步，或在“数据同步”上传报告，含业务报告“按子商品”CSV）。转化率 = 订购件数 ÷ 会话数；Buy Box% 为出现购买按钮的页面浏览量占比；每行与上一个同长度周期比较。
      </p>
      {query && !listing && <Trend base={base} query={query} title="流量趋势" />}
      {query && !listing && (
        <DataTable
          key={JSON.stringify(query)}
          filters={query}
          queryname="trafficReportList"
          source={`${AMZ}/report/lines`}
          exportUrl={`${AMZ}/report/export`}
          permissions={permissions}
          noun="行"
          renders={{ period: dayRender(open) }}
          empty={EMPTY}
        />
      )}
      {query && listing && (
        <>
          <h2 className="mb-1 text-sm font-semibold">转化率或Buy Box下降最多的Listing（本期对比上一个同长度周期，两期会话数均不少于20）</h2>
          <DataTable
            key={JSON.stringify(query)}
            filters={{ ...query, drops: true }}
            queryname="listingAnalysisList"
            source={`${AMZ}/listing/lines`}
            exportUrl={`${AMZ}/listing/export`}
            permissions={permissions}
            noun="个Listing"
            renders={{
              asin: (row) => (
                <button type="button" className={link} title="查看趋势和每日数据" onClick={() => setChosen(row)}>
                  {row.asin}
                </button>
              ),
            }}
            empty="所选日期内没有转化率或Buy Box下降的Listing（或流量数据不足）：可换一个日期范围，或在数据同步中同步“销售与流量”。"
          />
        </>
      )}
      {query && listing && chosen && (
        <div className="mt-4" aria-label="Listing详情">
          <h2 className="mb-2 text-sm font-semibold">
            {chosen.asin}（{chosen.marketplace}，{chosen.groupName}）的趋势与每日数据
          </h2>
          <Trend base={base} query={{ ...query, asin: chosen.asin, groupId: chosen.groupId, marketplaceId: chosen.marketplaceId, search: "" }} title="Listing趋势" />
          <DataTable
            key={`${chosen.id}|${JSON.stringify(query)}`}
            filters={{ ...query, asin: chosen.asin, groupId: chosen.groupId, marketplaceId: chosen.marketplaceId, search: "", period: "day" }}
            queryname="trafficReportList"
            source={`${AMZ}/listing/lines`}
            permissions={permissions}
            noun="天"
            renders={{ period: dayRender(open) }}
            empty={EMPTY}
          />
        </div>
      )}
      {source && <Sources base={base} ask={source} onClose={() => setSource(null)} />}
    </section>
  );
}
