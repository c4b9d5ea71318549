// 月度报告 (财务 → 结算): a month's P&L of the company (全部店铺, the stores the user may see) or of one store, beside
// the month before and the same month a year before, from 利润报告's own figures (the server sums its lines, so the
// two screens agree to the cent). Below the company's, each store's sales and profit; a store's row opens its
// P&L. The month (last month by default) and the store are a form; 导出 saves the P&L and each store's as .xlsx.
// 分摊费用 (the scope's, each month's, and each store's in the list) opens to the shares that make it, each with its
// cost and rule: 利润报告's own detail dialog.
import { useEffect, useRef, useState } from "react";
import { api, download } from "../lib/api.js";
import { money } from "../lib/money.js";
import { openTab } from "../lib/tabs.js";
import Detail from "./Detail.jsx";
import { toast } from "../lib/toast.js";
import { useStoreGroups } from "../lib/StoreSelects.jsx";
import { AMZ, button, input } from "./shared.jsx";

// lastMonth is the month before this one in Beijing time, the report's default.
function lastMonth() {
  const [y, m] = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai", year: "numeric", month: "2-digit" })
    .format(new Date())
    .split("-")
    .map(Number);
  const d = new Date(Date.UTC(y, m - 2, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}

// Lines that sum the others read in bold; costs read as what they take away.
const STRONG = new Set(["settled", "profit", "margin"]);
const cell = "whitespace-nowrap px-3 py-1.5 text-right tabular-nums";

function Figure({ row, value, onOpen }) {
  if (value === "" || value === undefined || value === null) return <span className="text-slate-400">—</span>;
  if (row.percent) return value;
  if (onOpen) return <Opens of={onOpen} text={money(value, "CNY")} />;
  return money(value, "CNY");
}

// Opens is a figure that opens the lines it is made of (of: its label and what opens them).
function Opens({ of, text }) {
  return (
    <button type="button" aria-label={of.label} className="text-sky-700 underline decoration-dotted hover:text-sky-900 dark:text-sky-300" onClick={of.open}>
      {text}
    </button>
  );
}

// Change is a change in percent (or percentage points), green when it is better for the seller, red when worse;
// — when the month compared has nothing.
function Change({ row, text }) {
  if (!text) return <span className="text-slate-400">—</span>;
  const up = text.startsWith("+");
  const costs = ["refunds", "referral", "fulfilment", "other", "storage", "advertising", "cost", "freight", "shared"].includes(row.key);
  const good = text.startsWith("0.00") ? null : up !== costs;
  const tone = good === null ? "" : good ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400";
  return <span className={tone}>{text}</span>;
}

export default function Month() {
  const groups = useStoreGroups();
  const [answer, setAnswer] = useState(null);
  const [query, setQuery] = useState({ month: lastMonth(), groupId: "" });
  const [busy, setBusy] = useState(false);
  const [shares, setShares] = useState(null);
  const form = useRef(null);
  // openShared is the 分摊费用 of a month and store (groupId "": 全部店铺), for its figure's button.
  const openShared = (month, groupId, groupName) => ({
    label: `分摊费用明细 ${groupName} ${month}`,
    open: () => setShares({ month, groupId, groupName }),
  });
  const load = (q) => {
    setBusy(true);
    api(`${AMZ}/profit/month`, { method: "POST", body: q })
      .then((r) => {
        setAnswer(r.data);
        setQuery(q);
      })
      .catch((e) => toast(e.message, "error"))
      .finally(() => setBusy(false));
  };
  useEffect(() => load(query), []);
  const submit = (e) => {
    e.preventDefault();
    load(Object.fromEntries(new FormData(form.current)));
  };
  const pick = (groupId) => {
    form.current.groupId.value = groupId;
    load({ month: form.current.month.value, groupId });
    // The store's P&L replaces the company's above the list: show it from its top.
    window.scrollTo({ top: 0 });
  };
  const exportFile = () => download(`${AMZ}/profit/month/export`, { query }).catch((e) => toast(e.message, "error"));
  const currencies = answer?.currencies.filter((c) => c !== "CNY") || [];
  return (
    <section aria-label="月度报告">
      <form ref={form} onSubmit={submit} className="mb-3 flex flex-wrap items-center gap-2 text-sm">
        <input name="month" type="month" aria-label="月份" defaultValue={query.month} className={input} required />
        <select name="groupId" aria-label="店铺" className={input} defaultValue="">
          <option value="">全部店铺</option>
          {groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
        <button type="submit" className={button} disabled={busy}>
          查询
        </button>
        <button type="button" className="rounded-md border border-slate-300 px-3 py-1 text-sm dark:border-slate-600" onClick={exportFile} disabled={!answer}>
          导出
        </button>
      </form>
      {answer && (
        <>
          <h2 className="mb-1 text-base font-semibold text-slate-900 dark:text-white">
            {answer.groupName} · {answer.month}
          </h2>
          <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">
            上月 {answer.lastMonth}，去年同月 {answer.lastYearMonth}。
            {answer.lines === 0
              ? answer.empty
                ? ""
                : "本月没有数据。"
              : `本月共 ${answer.lines} 行SKU数据${answer.estimatedLines > 0 ? `，其中 ${answer.estimatedLines} 行未结算（预估）` : "，均已结算"}。`}
            {answer.label && <span className="text-amber-700 dark:text-amber-400"> {answer.label}</span>}
          </p>
          {answer.empty ? (
            <p role="status" className="mb-3 rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300">
              {answer.month}、上月和去年同月都没有数据：请在数据同步中同步“结算报告”和“订单”（未结算的月份按订单和“FBA费用预估”估算），在商品管理中配对本地产品并填写采购成本，或换一个月份。
            </p>
          ) : (
            <div className="mb-4 overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
              <table aria-label="损益表" className="min-w-full bg-white text-sm dark:bg-slate-900">
                <thead className="bg-slate-50 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                  <tr>
                    <th scope="col" className="sticky left-0 bg-slate-50 px-3 py-2 text-left font-medium dark:bg-slate-800">
                      项目
                    </th>
                    <th scope="col" className={`${cell} font-medium`}>
                      本月
                    </th>
                    <th scope="col" className={`${cell} font-medium`}>
                      上月
                    </th>
                    <th scope="col" className={`${cell} font-medium`}>
                      去年同月
                    </th>
                    <th scope="col" className={`${cell} font-medium`}>
                      环比
                    </th>
                    <th scope="col" className={`${cell} font-medium`}>
                      同比
                    </th>
                    {currencies.map((c) => (
                      <th key={c} scope="col" className={`${cell} font-medium`}>
                        本月({c})
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {answer.rows.map((row) => (
                    <tr key={row.id} data-row={row.key} className={`border-t border-slate-100 dark:border-slate-800 ${STRONG.has(row.key) ? "font-semibold" : ""}`}>
                      <th scope="row" className="sticky left-0 whitespace-nowrap bg-white px-3 py-1.5 text-left font-normal dark:bg-slate-900">
                        <span className={STRONG.has(row.key) ? "font-semibold" : ""}>{row.name}</span>
                        {row.estimated !== "" && (
                          <span className="block text-xs font-normal text-amber-700 dark:text-amber-400" data-estimated={row.key}>
                            其中预估 {money(row.estimated, "CNY")}
                          </span>
                        )}
                      </th>
                      <td className={cell} data-current={row.key}>
                        <Figure row={row} value={row.current} onOpen={row.key === "shared" && openShared(answer.month, answer.groupId, answer.groupName)} />
                      </td>
                      <td className={cell}>
                        <Figure row={row} value={row.last} onOpen={row.key === "shared" && openShared(answer.lastMonth, answer.groupId, answer.groupName)} />
                      </td>
                      <td className={cell}>
                        <Figure row={row} value={row.lastYear} onOpen={row.key === "shared" && openShared(answer.lastYearMonth, answer.groupId, answer.groupName)} />
                      </td>
                      <td className={cell}>
                        <Change row={row} text={row.mom} />
                      </td>
                      <td className={cell}>
                        <Change row={row} text={row.yoy} />
                      </td>
                      {currencies.map((c) => (
                        <td key={c} className={`${cell} text-slate-500 dark:text-slate-400`}>
                          {row.local && row.local[c] !== undefined ? money(row.local[c], c) : "—"}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {!answer.empty && (
            <p className="mb-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
              <button type="button" className="text-sky-700 underline decoration-dotted hover:text-sky-900 dark:text-sky-300" onClick={() => openTab("费用项", "/amazon/payment/itemfee", { month: answer.month })}>
                按费用项查看 {answer.month} 的亚马逊费用
              </button>
              <button type="button" className="text-sky-700 underline decoration-dotted hover:text-sky-900 dark:text-sky-300" onClick={() => openTab("利润报告", "/amazon/payment/profit", { month: answer.month, by: "store" })}>
                在利润报告中按店铺查看 {answer.month}
              </button>
            </p>
          )}
          {answer.stores.length > 0 && (
            <>
              <h2 className="mb-1 text-base font-semibold text-slate-900 dark:text-white">各店铺</h2>
              <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">点击店铺查看其损益；各店铺相加即为全部店铺。</p>
              <div className="overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
                <table aria-label="各店铺" className="min-w-full bg-white text-sm dark:bg-slate-900">
                  <thead className="bg-slate-50 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                    <tr>
                      <th scope="col" className="sticky left-0 bg-slate-50 px-3 py-2 text-left font-medium dark:bg-slate-800">
                        店铺
                      </th>
                      <th scope="col" className={`${cell} font-medium`}>
                        销售额
                      </th>
                      <th scope="col" className={`${cell} font-medium`}>
                        分摊费用
                      </th>
                      <th scope="col" className={`${cell} font-medium`}>
                        利润
                      </th>
                      <th scope="col" className={`${cell} font-medium`}>
                        利润率
                      </th>
                      <th scope="col" className={`${cell} font-medium`}>
                        利润环比
                      </th>
                      <th scope="col" className={`${cell} font-medium`}>
                        利润同比
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {answer.stores.map((s) => (
                      <tr key={s.groupId} data-store={s.groupName} className="border-t border-slate-100 dark:border-slate-800">
                        <th scope="row" className="sticky left-0 whitespace-nowrap bg-white px-3 py-1.5 text-left font-normal dark:bg-slate-900">
                          <button type="button" className="text-sky-700 underline decoration-dotted hover:text-sky-900 dark:text-sky-300" onClick={() => pick(s.groupId)}>
                            {s.groupName}
                          </button>
                          {s.estimatedLines > 0 && <span className="ml-1 text-xs text-amber-700 dark:text-amber-400">含预估</span>}
                        </th>
                        <td className={cell}>{money(s.sales, "CNY")}</td>
                        <td className={cell} data-store-shared={s.groupName}>
                          <Opens of={openShared(answer.month, s.groupId, s.groupName)} text={money(s.shared, "CNY")} />
                        </td>
                        <td className={cell} data-store-profit={s.groupName}>
                          {money(s.profit, "CNY")}
                        </td>
                        <td className={cell}>{s.margin}</td>
                        <td className={cell}>
                          <Change row={{ key: "profit" }} text={s.mom} />
                        </td>
                        <td className={cell}>
                          <Change row={{ key: "profit" }} text={s.yoy} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </>
      )}
      {shares && <Detail title="分摊费用" scope={shares} onClose={() => setShares(null)} />}
    </section>
  );
}
