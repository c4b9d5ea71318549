// 调价 (产品 → Listing): the listings of the user's store groups with their price, the floor the seller set and the
// last change. 调价 (a row) or 批量调价 (the checked rows) opens the dialog: set a price, add an amount or a percent
// (negative lowers), or price to a target margin with 利润计算器's arithmetic (the paired product's cost and size);
// 预览 shows every row's new price before anything is sent, each editable; a change above the company's percent
// asks first; 提交 sends the rows to Amazon one by one and shows each row's result (a refused row says why, its
// price stays). 最低价 sets a listing's floor; 调价记录 is the history of every change, exportable.
import { useEffect, useRef, useState } from "react";
import { api } from "../lib/api.js";
import { mount } from "../lib/mount.js";
import { PlaceSelects } from "../lib/StoreSelects.jsx";
import { money } from "../lib/money.js";
import { can } from "../lib/permissions.js";
import { toast } from "../lib/toast.js";
import FormDialog from "../lib/FormDialog.jsx";
import DataTable from "../table/DataTable.jsx";

const ERP = "/erp/api/v1";
const PERM = "amz:listing:price";
const button = "rounded-md bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-50";
const plain = "rounded-md border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50 disabled:opacity-50 dark:border-slate-600 dark:hover:bg-slate-700";
const input = "rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";
const OK = "rounded bg-emerald-50 px-1.5 py-0.5 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300";
const BAD = "rounded bg-rose-50 px-1.5 py-0.5 text-rose-800 dark:bg-rose-950 dark:text-rose-300";
const METHODS = [
  ["percent", "按百分比", "百分比（%，负数为降价）"],
  ["value", "按金额", "金额（负数为降价）"],
  ["set", "设为", "新价格"],
  ["margin", "按目标利润率", "目标利润率（%）"],
];

function Filters({ id, extra }) {
  return (
    <form id={id} className="mb-2 flex flex-wrap items-center gap-2 text-sm">
      <PlaceSelects />
      {extra}
      <input name="keyword" type="search" aria-label="SKU、ASIN或标题" placeholder="SKU / ASIN / 标题" className={`w-48 ${input}`} />
      <button type="submit" className={button}>
        查询
      </button>
    </form>
  );
}

const result = (row) => (row.ok ? <span className={OK}>成功</span> : <span className={BAD}>{row.send === false && !row.message ? "—" : "失败"}</span>);

// PriceDialog is the change of the listings rows: the method and value, 预览, the rows' new prices (editable), 提交,
// then each row's result.
function PriceDialog({ rows, settings, onDone, onClose }) {
  const dialog = useRef(null);
  const [method, setMethod] = useState("percent");
  const [value, setValue] = useState("");
  const [category, setCategory] = useState("");
  const [plan, setPlan] = useState(null);
  const [typed, setTyped] = useState({});
  const [done, setDone] = useState(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(null);
  const [sale, setSale] = useState(false);
  const [startDate, setStartDate] = useState("");
  const [endDate, setEndDate] = useState("");
  useEffect(() => {
    dialog.current.showModal();
  }, []);
  const form = (extra = {}) => ({ ids: rows.map((r) => r.id), method, value, category, prices: typed, ...extra });
  const preview = async (e) => {
    e?.preventDefault();
    setBusy(true);
    setError("");
    try {
      // 预览 works the method out again: the prices typed before are dropped.
      const { data } = await api(`${ERP}/listing/price/preview`, { method: "POST", body: form({ prices: {} }) });
      setTyped({});
      setPlan(data);
    } catch (err) {
      setError(err.message);
    } finally {
      setBusy(false);
    }
  };
  // send sends the rows; confirmed says the person confirmed a change above the company's percent.
  const send = async (confirmed) => {
    setConfirming(null);
    setBusy(true);
    try {
      const { data } = sale
        ? await api(`${ERP}/listing/price/sales/schedule`, { method: "POST", body: form({ confirmed, startDate, endDate }) })
        : await api(`${ERP}/listing/price/change`, { method: "POST", body: form({ confirmed }) });
      setDone(data);
      setPlan(data);
      const what = sale ? "定时促销已安排" : "调价完成";
      toast(`${what}：成功 ${data.changed} 个，失败 ${data.refused} 个`, data.refused ? "error" : "success");
      onDone();
    } catch (err) {
      setError(err.message);
    } finally {
      setBusy(false);
    }
  };
  const submit = async () => {
    setError("");
    // The typed prices change the plan: preview again, then ask (in the dialog: a modal dialog keeps the page's
    // own question out of reach) when rows pass the company's percent.
    let current;
    try {
      current = (await api(`${ERP}/listing/price/preview`, { method: "POST", body: form() })).data;
      setPlan(current);
    } catch (err) {
      setError(err.message);
      return;
    }
    if (current.send === 0) {
      setError("没有可提交的商品");
      return;
    }
    if (current.confirm > 0) {
      setConfirming(current);
      return;
    }
    await send(false);
  };
  const label = METHODS.find((m) => m[0] === method)[2];
  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="price-title" className="m-auto w-[960px] max-w-[96vw] rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-800 dark:text-slate-100">
      <div className="p-5">
        <h2 id="price-title" className="mb-1 text-lg font-semibold">
          {rows.length > 1 ? `批量调价（${rows.length} 个商品）` : `调价 · ${rows[0].sellerSku}`}
        </h2>
        <p className="mb-3 text-xs text-slate-500 dark:text-slate-400">
          先预览新价格，确认无误后提交到亚马逊。低于最低价的商品不会提交；调价幅度超过 {settings.confirmPercent}% 需要确认。
        </p>
        {error && (
          <p role="alert" className="mb-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
        {!done && (
          <form onSubmit={preview} className="mb-3 flex flex-wrap items-end gap-3 text-sm">
            <label className="flex flex-col gap-1">
              调价方式
              <select aria-label="调价方式" className={input} value={method} onChange={(e) => setMethod(e.target.value)}>
                {METHODS.map(([m, name]) => (
                  <option key={m} value={m}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1">
              {label}
              <input aria-label={label} className={`w-40 ${input}`} value={value} onChange={(e) => setValue(e.target.value)} inputMode="decimal" />
            </label>
            {method === "margin" && (
              <label className="flex flex-col gap-1">
                品类（佣金）
                <select aria-label="品类" className={input} value={category} onChange={(e) => setCategory(e.target.value)}>
                  <option value="">请选择</option>
                  {settings.categories.map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <button type="submit" className={plain} disabled={busy}>
              预览
            </button>
            <label className="flex items-center gap-1 self-center">
              <input type="checkbox" checked={sale} onChange={(e) => setSale(e.target.checked)} />
              定时促销
            </label>
            {sale && (
              <>
                <label className="flex flex-col gap-1">
                  开始日期
                  <input type="date" aria-label="促销开始日期" className={input} value={startDate} onChange={(e) => setStartDate(e.target.value)} />
                </label>
                <label className="flex flex-col gap-1">
                  结束日期
                  <input type="date" aria-label="促销结束日期" className={input} value={endDate} onChange={(e) => setEndDate(e.target.value)} />
                </label>
                <p className="w-full text-xs text-slate-500 dark:text-slate-400">开始日期0点起按新价格销售，结束日期24点后恢复为促销开始时的价格。</p>
              </>
            )}
          </form>
        )}
        {plan && (
          <div className="max-h-[55vh] overflow-auto rounded-md border border-slate-200 dark:border-slate-700">
            <table className="w-full min-w-[760px] text-sm" aria-label="调价预览">
              <thead className="sticky top-0 bg-slate-50 text-left dark:bg-slate-900">
                <tr>
                  {["平台SKU", "站点", "当前价格", "最低价", "新价格", "幅度", done ? "结果" : "状态", "说明"].map((h) => (
                    <th key={h} className="whitespace-nowrap px-2 py-1.5 font-medium">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {plan.rows.map((r) => (
                  <tr key={r.id} className="border-t border-slate-100 dark:border-slate-700">
                    <td className="px-2 py-1.5">
                      <div className="font-medium">{r.sellerSku}</div>
                      <div className="max-w-[220px] truncate text-xs text-slate-500 dark:text-slate-400" title={r.itemName}>
                        {r.asin} {r.itemName}
                      </div>
                    </td>
                    <td className="px-2 py-1.5">{r.marketplaceName}</td>
                    <td className="whitespace-nowrap px-2 py-1.5">{money(r.oldPrice, r.currency)}</td>
                    <td className="whitespace-nowrap px-2 py-1.5">{r.floor ? money(r.floor, r.currency) : "—"}</td>
                    <td className="px-2 py-1.5">
                      {done ? (
                        money(r.newPrice, r.currency)
                      ) : (
                        <input
                          aria-label={`${r.sellerSku} 新价格`}
                          className={`w-24 ${input}`}
                          inputMode="decimal"
                          value={typed[r.id] ?? r.newPrice}
                          onChange={(e) => setTyped({ ...typed, [r.id]: e.target.value })}
                        />
                      )}
                    </td>
                    <td className={`whitespace-nowrap px-2 py-1.5 ${r.needsConfirm ? "font-semibold text-amber-700 dark:text-amber-300" : ""}`}>
                      {r.percent ? `${r.percent}%` : "—"}
                    </td>
                    <td className="whitespace-nowrap px-2 py-1.5">
                      {done ? result(r) : r.send ? (r.needsConfirm ? <span className="text-amber-700 dark:text-amber-300">需确认</span> : "待提交") : <span className={BAD}>不提交</span>}
                    </td>
                    <td className="min-w-[220px] px-2 py-1.5 text-xs">{r.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {confirming && (
          <div role="alertdialog" aria-labelledby="price-confirm" className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200">
            <p id="price-confirm" className="mb-2 font-semibold">
              有 {confirming.confirm} 个商品的调价幅度超过 {confirming.confirmPercent}%（上表标为“需确认”），确定提交到亚马逊吗？
            </p>
            <div className="flex gap-2">
              <button type="button" className="rounded-md bg-rose-700 px-3 py-1 text-sm font-semibold text-white hover:bg-rose-800" onClick={() => send(true)}>
                确认调价
              </button>
              <button type="button" className={plain} onClick={() => setConfirming(null)}>
                返回修改
              </button>
            </div>
          </div>
        )}
        <div className="mt-4 flex items-center justify-end gap-2">
          {done && (
            <p role="status" className="mr-auto text-sm">
              成功 {done.changed} 个，失败 {done.refused} 个
            </p>
          )}
          <button type="button" className={plain} onClick={() => dialog.current.close()}>
            {done ? "关闭" : "取消"}
          </button>
          {!done && plan && !confirming && (
            <button type="button" className={button} disabled={busy} onClick={submit}>
              {sale ? "安排定时促销" : "提交到亚马逊"}
            </button>
          )}
        </div>
      </div>
    </dialog>
  );
}

function PriceScreen({ permissions }) {
  const [view, setView] = useState("listings");
  const [dialog, setDialog] = useState(null);
  const [floor, setFloor] = useState(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settings, setSettings] = useState({ confirmPercent: 20, categories: [] });
  const [version, setVersion] = useState(0);
  const [listing, setListing] = useState(null);
  const reload = () => setVersion((v) => v + 1);
  useEffect(() => {
    api(`${ERP}/listing/price/settings`)
      .then(({ data }) => setSettings(data))
      .catch((e) => toast(e.message, "error"));
  }, []);
  const may = can(permissions, PERM);
  const tab = (id, label) => (
    <button
      type="button"
      role="tab"
      aria-selected={view === id}
      onClick={() => setView(id)}
      className={`border-b-2 px-3 py-1.5 text-sm ${view === id ? "border-sky-700 font-semibold text-sky-800 dark:border-sky-400 dark:text-sky-300" : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300"}`}
    >
      {label}
    </button>
  );
  return (
    <div>
      <div role="tablist" className="mb-3 flex gap-2 border-b border-slate-200 dark:border-slate-700">
        {tab("listings", "商品")}
        {tab("history", "调价记录")}
        {tab("sales", "定时促销")}
      </div>
      {view === "sales" && (
        <section key="sales" aria-label="定时促销">
          <form id="price-sales-filter" className="mb-2 flex flex-wrap items-center gap-2 text-sm">
            <select name="status" aria-label="状态" className={input} defaultValue="">
              <option value="">全部状态</option>
              <option value="scheduled">待开始</option>
              <option value="on">促销中</option>
              <option value="done">已结束</option>
              <option value="failed">失败</option>
              <option value="cancelled">已取消</option>
            </select>
            <button type="submit" className={button}>
              查询
            </button>
          </form>
          <DataTable
            queryname="priceSaleList"
            source={`${ERP}/listing/price/sales`}
            filterForm="price-sales-filter"
            permissions={permissions}
            version={version}
            renders={{
              salePrice: (row) => money(row.salePrice, row.currency),
              regularPrice: (row) => (row.regularPrice ? money(row.regularPrice, row.currency) : "—"),
              message: (row) => row.message || "—",
            }}
            actions={[
              {
                label: "取消",
                permission: PERM,
                when: (row) => row.status === "scheduled",
                run: async (row) => {
                  try {
                    await api(`${ERP}/listing/price/sales/${row.id}/cancel`, { method: "POST" });
                    toast("操作成功!");
                    reload();
                  } catch (e) {
                    toast(e.message, "error");
                  }
                },
              },
            ]}
            empty="没有定时促销：在“商品”中选择商品调价时勾选“定时促销”并选择日期。"
          />
        </section>
      )}
      {view === "sales" ? null : view === "listings" ? (
        <section key="listings" aria-label="商品">
          <Filters id="price-filter" />
          <DataTable
            queryname="priceListingList"
            source={`${ERP}/listing/price/page`}
            exportUrl={`${ERP}/listing/price/export`}
            filterForm="price-filter"
            permissions={permissions}
            version={version}
            renders={{
              price: (row) => money(row.price, row.currency),
              floor: (row) => (row.floor ? money(row.floor, row.currency) : "—"),
              lastResult: (row) => (row.lastResult ? <span className={row.lastResult === "成功" ? OK : BAD} title={row.lastMessage}>{row.lastResult}</span> : "—"),
              lastChange: (row) => row.lastChange || "—",
              lastChangedAt: (row) => row.lastChangedAt || "—",
            }}
            noun="商品"
            rowName={(row) => row.sellerSku}
            bulk={[{ label: "批量调价", permission: PERM, run: (rows, done) => setDialog({ rows, done }) }]}
            toolbar={
              may && (
                <button type="button" className={plain} onClick={() => setSettingsOpen(true)}>
                  调价设置（确认幅度 {settings.confirmPercent}%）
                </button>
              )
            }
            actions={[
              { label: "调价", permission: PERM, run: (row) => setDialog({ rows: [row], done: reload }) },
              { label: "最低价", permission: PERM, run: (row) => setFloor(row) },
              {
                label: "记录",
                run: (row) => {
                  setListing(row);
                  setView("history");
                },
              },
            ]}
            empty="没有Listing：在“数据同步”中同步Listing报告后，商品和价格显示在这里。"
          />
        </section>
      ) : (
        <section key="history" aria-label="调价记录">
          <Filters
            id="price-history-filter"
            extra={
              <>
                <select name="result" aria-label="结果" className={input} defaultValue="">
                  <option value="">全部结果</option>
                  <option value="ok">成功</option>
                  <option value="failed">失败</option>
                </select>
                <input name="startDate" type="date" aria-label="开始日期" className={input} />
                <input name="endDate" type="date" aria-label="结束日期" className={input} />
              </>
            }
          />
          {listing && (
            <p className="mb-2 text-sm">
              只看 {listing.sellerSku}（{listing.marketplaceName}）的记录{" "}
              <button type="button" className="text-sky-700 underline dark:text-sky-300" onClick={() => setListing(null)}>
                查看全部
              </button>
            </p>
          )}
          <DataTable
            queryname="priceChangeList"
            source={`${ERP}/listing/price/history`}
            exportUrl={`${ERP}/listing/price/history/export`}
            filterForm="price-history-filter"
            filters={listing ? { listingId: listing.id } : undefined}
            permissions={permissions}
            version={version}
            renders={{
              oldPrice: (row) => money(row.oldPrice, row.currency),
              newPrice: (row) => money(row.newPrice, row.currency),
              resultName: (row) => <span className={row.ok ? OK : BAD}>{row.resultName}</span>,
              percent: (row) => (row.percent ? `${row.percent}%` : "—"),
              message: (row) => (row.message ? <span className="block min-w-[260px]">{row.message}</span> : "—"),
            }}
            empty="还没有调价记录：在“商品”中选择商品调价后，每次调价的结果都记录在这里。"
          />
        </section>
      )}
      {dialog && (
        <PriceDialog
          rows={dialog.rows}
          settings={settings}
          onDone={() => {
            dialog.done?.();
            reload();
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {floor && (
        <FormDialog
          title={`最低价 · ${floor.sellerSku}`}
          fields={[{ name: "floor", label: `最低价（${floor.currency}，留空表示不限）`, hint: "低于最低价的调价不会提交到亚马逊" }]}
          initial={{ floor: floor.floor }}
          onSubmit={async (v) => {
            await api(`${ERP}/listing/price/${floor.id}/floor`, { method: "PUT", body: { floor: v.floor } });
            toast("操作成功!");
            reload();
          }}
          onClose={() => setFloor(null)}
        />
      )}
      {settingsOpen && (
        <FormDialog
          title="调价设置"
          fields={[{ name: "confirmPercent", label: "调价幅度超过多少（%）需要确认", required: true, hint: "1到100之间的整数，默认20" }]}
          initial={{ confirmPercent: String(settings.confirmPercent) }}
          onSubmit={async (v) => {
            const { data } = await api(`${ERP}/listing/price/settings`, { method: "PUT", body: { confirmPercent: Number(v.confirmPercent) } });
            setSettings({ ...settings, confirmPercent: data.confirmPercent });
            toast("操作成功!");
          }}
          onClose={() => setSettingsOpen(false)}
        />
      )}
    </div>
  );
}

mount("pricing", PriceScreen);
