// 亚马逊补货计划: every seller SKU per store and marketplace with its suggested shipment and purchase, those running
// out first first. A click on a row opens its arithmetic: each step with its formula and numbers, the projected
// FBA stock, and the inputs (weights, lead times, safety and cycle days, the adjustment), which recompute on the
// server as they change, without saving, until 保存为该SKU参数. Checked rows open 采购计划提交 (draft purchase
// orders, one per supplier) or become shipment plans (one per store and marketplace).
import { useEffect, useRef, useState } from "react";
import { api } from "../lib/api.js";
import { money } from "../lib/money.js";
import { can } from "../lib/permissions.js";
import { openTab } from "../lib/tabs.js";
import { toast } from "../lib/toast.js";
import { WarehouseSelect, button, input, plainButton, useWarehouses } from "../stock/shared.jsx";
import DataTable from "../table/DataTable.jsx";

const RP = "/erp/api/v1/replenishment";
// The marketplaces whose FBA stock Pan-European FBA pools (purchase.EUPoolCountries).
const EU_POOL = ["DE", "FR", "IT", "ES", "NL", "SE", "PL", "BE"];

const INPUTS = [
  ["weight7", "7天权重"],
  ["weight14", "14天权重"],
  ["weight30", "30天权重"],
  ["weight60", "60天权重"],
  ["productionDays", "生产天数"],
  ["firstLegDays", "头程天数"],
  ["receivingDays", "上架天数"],
  ["safetyDays", "安全天数"],
  ["cycleDays", "备货周期"],
  ["adjustPercent", "销量调整%"],
];

function Warnings({ list }) {
  if (!list || list.length === 0) return <span className="text-slate-400">—</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {list.map((w) => (
        <span key={w} className="rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-800 dark:bg-amber-900/40 dark:text-amber-200">
          {w}
        </span>
      ))}
    </span>
  );
}

// Methods compares the line's shipment by each first-leg channel of 物流跟踪: days, ship-by date, units, freight;
// the recommended channel marked, and the split by a fast and a cheap channel when the cheap one is too late.
function Methods({ methods, bridge }) {
  if (!methods || methods.length === 0) {
    return (
      <p className="mt-3 rounded-md bg-slate-50 px-3 py-2 text-slate-600 dark:bg-slate-800 dark:text-slate-300" data-testid="methods-empty">
        尚未设置物流渠道：在
        <button type="button" className="mx-1 text-sky-700 underline dark:text-sky-300" onClick={() => openTab("物流跟踪", "/erp/ship/transportation")}>
          物流跟踪
        </button>
        中添加承运商和渠道（天数、每kg或每m³运费）后，这里按渠道比较时效和运费。
      </p>
    );
  }
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-left" aria-label="运输方式">
        <caption className="mb-1 text-left font-medium">运输方式（头程按渠道天数，运费按产品重量或体积）</caption>
        <thead className="text-slate-600 dark:text-slate-300">
          <tr>
            <th className="py-1 pr-3 font-medium">渠道</th>
            <th className="py-1 pr-3 font-medium">方式</th>
            <th className="py-1 pr-3 text-right font-medium">头程天数</th>
            <th className="py-1 pr-3 font-medium">最晚发货日</th>
            <th className="py-1 pr-3 text-right font-medium">建议发货</th>
            <th className="py-1 pr-3 text-right font-medium">建议采购</th>
            <th className="py-1 pr-3 text-right font-medium">单件运费</th>
            <th className="py-1 text-right font-medium">运费</th>
          </tr>
        </thead>
        <tbody>
          {methods.map((m) => (
            <tr key={m.channelId} title={m.formula} className={`border-t border-slate-100 dark:border-slate-700 ${m.recommended ? "bg-emerald-50 dark:bg-emerald-900/30" : ""}`}>
              <td className="whitespace-nowrap py-1 pr-3">
                {m.carrier} {m.channel}
                {m.recommended && <span className="ml-1 rounded bg-emerald-100 px-1 text-xs text-emerald-800 dark:bg-emerald-800 dark:text-emerald-100">推荐</span>}
              </td>
              <td className="py-1 pr-3">{m.mode}</td>
              <td className="py-1 pr-3 text-right tabular-nums">{m.days}</td>
              <td className="whitespace-nowrap py-1 pr-3 tabular-nums">
                {m.shipByDate || "—"}
                {!m.onTime && <span className="ml-1 rounded bg-red-50 px-1 text-xs text-red-700 dark:bg-red-900/40 dark:text-red-200">来不及</span>}
              </td>
              <td className="py-1 pr-3 text-right tabular-nums">{m.ship}</td>
              <td className="py-1 pr-3 text-right tabular-nums">{m.buy}</td>
              <td className="py-1 pr-3 text-right tabular-nums">{m.unitFreight ? money(m.unitFreight, "CNY") : <span title={m.formula}>未知</span>}</td>
              <td className="py-1 text-right tabular-nums">{m.freight ? money(m.freight, "CNY") : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {bridge && (
        <p className="mt-2 rounded-md bg-sky-50 px-3 py-2 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100" data-testid="bridge">
          拆分建议：{bridge.fastUnits}件走{bridge.fast}，{bridge.slowUnits}件走{bridge.slow}，运费{money(bridge.freight, "CNY")}，比全部走{bridge.fast}（
          {money(bridge.allFast, "CNY")}）省{money(bridge.saving, "CNY")}
          <span className="mt-1 block text-xs text-sky-800 dark:text-sky-200">{bridge.formula}</span>
        </p>
      )}
    </div>
  );
}

// Projection draws the projected FBA stock over the next days, with the low-inventory-fee line (threshold days of
// cover at the rate).
function Projection({ points, rate, threshold }) {
  if (!points || points.length < 2) return null;
  const w = 360;
  const h = 90;
  const top = Math.max(1, ...points);
  const x = (i) => (i / (points.length - 1)) * w;
  const y = (v) => h - (v / top) * (h - 6);
  const line = points.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  const fee = Number(rate) * threshold;
  return (
    <figure className="mt-2">
      <svg viewBox={`0 0 ${w} ${h}`} className="h-24 w-full max-w-md" role="img" aria-label="预计FBA库存">
        <polyline points={line} fill="none" stroke="currentColor" strokeWidth="1.5" className="text-sky-600" />
        {fee > 0 && fee < top && <line x1="0" x2={w} y1={y(fee)} y2={y(fee)} stroke="currentColor" strokeDasharray="4 3" className="text-amber-500" />}
      </svg>
      <figcaption className="text-xs text-slate-500 dark:text-slate-400">
        预计FBA库存（未来{points.length - 1}天，含建议发货到货）；虚线：{threshold}天可售（低库存费线）
      </figcaption>
    </figure>
  );
}

function Arithmetic({ row, permissions, onSaved }) {
  const [inputs, setInputs] = useState(row.inputs);
  const [line, setLine] = useState(null);
  const [error, setError] = useState("");
  const seq = useRef(0);
  useEffect(() => {
    setInputs(row.inputs);
  }, [row.id]);
  useEffect(() => {
    const bad = Object.entries(inputs).find(([, v]) => !/^-?\d+$/.test(String(v)));
    if (bad) {
      setError(`${INPUTS.find(([k]) => k === bad[0])?.[1] || bad[0]}必须为整数`);
      return;
    }
    const n = ++seq.current;
    const body = { id: row.id, inputs: Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, Number(v)])) };
    api(`${RP}/compute`, { method: "POST", body })
      .then(({ data }) => {
        if (n !== seq.current) return;
        setLine(data);
        setError("");
      })
      .catch((e) => n === seq.current && setError(e.message));
  }, [row.id, inputs]);

  const save = async () => {
    try {
      await api(`${RP}/sku`, { method: "PUT", body: { id: row.id, inputs: line.inputs } });
      toast("已保存该SKU的补货参数", "success");
      onSaved();
    } catch (e) {
      toast(e.message, "error");
    }
  };

  return (
    <section aria-label="补货计算" className="mt-3 rounded-lg border border-slate-200 p-4 text-sm dark:border-slate-700">
      <h2 className="mb-2 text-base font-semibold">
        补货计算：{row.groupName}-{row.country} {row.sku}
        {row.productSku && <span className="ml-2 font-normal text-slate-500">本地SKU {row.productSku}</span>}
      </h2>
      <div className="mb-3 flex flex-wrap gap-2">
        {INPUTS.map(([k, label]) => (
          <label key={k} className="flex flex-col gap-0.5 text-xs">
            <span>
              {label}
              {k === "productionDays" && row.productionFrom && row.productionFrom !== "默认" && (
                <span className="ml-1 rounded bg-sky-50 px-1 text-sky-700 dark:bg-sky-900 dark:text-sky-200">{row.productionFrom}</span>
              )}
            </span>
            <input aria-label={label} inputMode="numeric" className={`w-20 ${input}`} value={inputs[k]} onChange={(e) => setInputs((v) => ({ ...v, [k]: e.target.value.trim() }))} />
          </label>
        ))}
      </div>
      {error && (
        <p role="alert" className="mb-2 rounded-md bg-red-50 px-3 py-2 text-red-700">
          {error}
        </p>
      )}
      {line && (
        <>
          <dl className="mb-3 flex flex-wrap gap-x-6 gap-y-1" aria-label="补货结果">
            <div>
              <dt className="inline text-slate-500">建议发货 </dt>
              <dd className="inline font-semibold tabular-nums" data-testid="ship">
                {line.ship}
              </dd>
            </div>
            <div>
              <dt className="inline text-slate-500">建议采购 </dt>
              <dd className="inline font-semibold tabular-nums" data-testid="buy">
                {line.buy}
              </dd>
            </div>
            <div>
              <dt className="inline text-slate-500">断货日期 </dt>
              <dd className="inline tabular-nums">{line.stockOutDate || "—"}</dd>
            </div>
            <div>
              <dt className="inline text-slate-500">最晚发货日 </dt>
              <dd className="inline tabular-nums">{line.shipByDate || "—"}</dd>
            </div>
            <div>
              <dt className="inline text-slate-500">最晚下单日 </dt>
              <dd className="inline tabular-nums">{line.orderByDate || "—"}</dd>
            </div>
          </dl>
          <Warnings list={line.warnings} />
          <table className="mt-3 w-full text-left" aria-label="计算步骤">
            <thead className="text-slate-600 dark:text-slate-300">
              <tr>
                <th className="py-1 pr-3 font-medium">项目</th>
                <th className="py-1 pr-3 font-medium">公式（代入数值）</th>
                <th className="py-1 font-medium">结果</th>
              </tr>
            </thead>
            <tbody>
              {line.steps.map((s) => (
                <tr key={s.key} className="border-t border-slate-100 dark:border-slate-700">
                  <td className="whitespace-nowrap py-1 pr-3">{s.label}</td>
                  <td className="py-1 pr-3 text-slate-600 dark:text-slate-300">{s.formula}</td>
                  <td className="whitespace-nowrap py-1 font-semibold tabular-nums" data-step={s.key}>
                    {s.value}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Methods methods={line.methods} bridge={line.bridge} />
          <Projection points={line.projection} rate={line.rate} threshold={line.threshold} />
          {can(permissions, "erp:purchase:plan:edit") && (
            <button type="button" className={`mt-3 ${plainButton}`} onClick={save}>
              保存为该SKU参数
            </button>
          )}
        </>
      )}
    </section>
  );
}

// DocsDialog asks for the warehouse and the quantities of the checked rows, then makes the documents.
function DocsDialog({ kind, rows, onDone, onClose }) {
  const orders = kind === "orders";
  const dialog = useRef(null);
  const warehouses = useWarehouses(false);
  const [warehouseId, setWarehouseId] = useState("");
  const [qty, setQty] = useState(() => Object.fromEntries(rows.map((r) => [r.id, String(orders ? r.buy : r.ship)])));
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    dialog.current.showModal();
  }, []);
  const submit = async (e) => {
    e.preventDefault();
    if (!warehouseId) return setError(orders ? "请选择收货仓库" : "请选择发货仓库");
    const lines = rows.map((r) => ({ id: r.id, quantity: Number(qty[r.id] || 0) })).filter((l) => l.quantity > 0);
    if (lines.length === 0) return setError("请填写至少一行的数量");
    setBusy(true);
    try {
      const { data } = await api(`${RP}/${orders ? "purchaseOrders" : "shipPlans"}`, { method: "POST", body: { warehouseId, lines } });
      dialog.current.close();
      toast(`已生成${data.length}个${orders ? "采购单（待提交）" : "发货计划（待提交）"}：${data.map((d) => d.number).join("、")}`, "success");
      onDone(data);
    } catch (err) {
      setError(err.message);
    } finally {
      setBusy(false);
    }
  };
  const title = orders ? "生成采购单" : "生成发货计划";
  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="docs-title" className="m-auto w-[640px] max-w-[95vw] rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-800 dark:text-slate-100">
      <form onSubmit={submit} noValidate className="space-y-3 p-6 text-sm">
        <h2 id="docs-title" className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-slate-500 dark:text-slate-400">{orders ? "按供应商各生成一张待提交的采购单，单价取本地产品的采购成本。" : "按店铺和站点各生成一个待提交的发货计划。"}</p>
        {error && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-700">
            {error}
          </p>
        )}
        <label className="flex flex-col gap-1">
          {orders ? "收货仓库" : "发货仓库"}
          <WarehouseSelect warehouses={(warehouses || []).filter((w) => w.kind !== "fba")} value={warehouseId} onChange={(e) => setWarehouseId(e.target.value)} label={orders ? "收货仓库" : "发货仓库"} empty="请选择仓库" />
        </label>
        <table className="w-full text-left" aria-label={`${title}数量`}>
          <thead className="text-slate-600 dark:text-slate-300">
            <tr>
              <th className="py-1 font-medium">平台SKU</th>
              <th className="py-1 font-medium">{orders ? "本地SKU / 供应商" : "店铺-站点"}</th>
              <th className="py-1 font-medium">数量</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td className="py-1 font-mono">{r.sku}</td>
                <td className="py-1">{orders ? `${r.productSku || "未配对"} / ${r.supplierName || "未设置供应商"}` : `${r.groupName}-${r.country}`}</td>
                <td className="py-1">
                  <input aria-label={`${r.sku} 数量`} inputMode="numeric" className={`w-24 ${input}`} value={qty[r.id]} onChange={(e) => setQty((q) => ({ ...q, [r.id]: e.target.value.trim() }))} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="flex justify-end gap-2">
          <button type="button" className={plainButton} onClick={() => dialog.current.close()}>
            取消
          </button>
          <button type="submit" className={button} disabled={busy}>
            {busy ? "提交中..." : `确认${title}`}
          </button>
        </div>
      </form>
    </dialog>
  );
}

function DefaultsDialog({ onDone, onClose }) {
  const dialog = useRef(null);
  const [inputs, setInputs] = useState(null);
  const [error, setError] = useState("");
  useEffect(() => {
    dialog.current.showModal();
    api(`${RP}/settings`)
      .then(({ data }) => setInputs(data))
      .catch((e) => setError(e.message));
  }, []);
  const submit = async (e) => {
    e.preventDefault();
    try {
      await api(`${RP}/settings`, { method: "PUT", body: Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, Number(v)])) });
      dialog.current.close();
      toast("已保存默认补货参数", "success");
      onDone();
    } catch (err) {
      setError(err.message);
    }
  };
  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="defaults-title" className="m-auto w-[560px] max-w-[95vw] rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-800 dark:text-slate-100">
      <form onSubmit={submit} noValidate className="space-y-3 p-6 text-sm">
        <h2 id="defaults-title" className="text-lg font-semibold">
          默认补货参数
        </h2>
        <p className="text-slate-500 dark:text-slate-400">未单独设置的SKU使用这些参数；权重按比例加权7/14/30/60天日均。</p>
        {error && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-700">
            {error}
          </p>
        )}
        {inputs && (
          <div className="flex flex-wrap gap-2">
            {INPUTS.filter(([k]) => k !== "adjustPercent").map(([k, label]) => (
              <label key={k} className="flex flex-col gap-0.5 text-xs">
                {label}
                <input aria-label={label} inputMode="numeric" className={`w-20 ${input}`} value={inputs[k]} onChange={(e) => setInputs((v) => ({ ...v, [k]: e.target.value.trim() }))} />
              </label>
            ))}
          </div>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className={plainButton} onClick={() => dialog.current.close()}>
            取消
          </button>
          <button type="submit" className={button}>
            保存
          </button>
        </div>
      </form>
    </dialog>
  );
}

// FBA容量: each store's marketplace with the cubic feet its FBA stock takes now (SKUs with a size) and the capacity
// Amazon gives it, typed from Seller Central; a line whose suggested shipment goes over it is warned.
// SettingsDialog is the frame of the plan's settings dialogs: modal once open, the title, what the setting is for,
// the last error and 关闭; rows are loaded from path (GET) for the body.
function SettingsDialog({ id, title, width, intro, error, onClose, children }) {
  const dialog = useRef(null);
  useEffect(() => dialog.current.showModal(), []);
  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby={id} className={`m-auto ${width} max-w-[95vw] rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-800 dark:text-slate-100`}>
      <div className="space-y-3 p-6 text-sm">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-slate-500 dark:text-slate-400">{intro}</p>
        {error && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-700">
            {error}
          </p>
        )}
        {children}
        <div className="flex justify-end">
          <button type="button" className={plainButton} onClick={(e) => e.currentTarget.closest("dialog").close()}>
            关闭
          </button>
        </div>
      </div>
    </dialog>
  );
}

// useSettingsRows loads a settings dialog's rows, saying a failure in its error.
function useSettingsRows(path) {
  const [rows, setRows] = useState(null);
  const [error, setError] = useState("");
  useEffect(() => {
    api(path)
      .then(({ data }) => setRows(data))
      .catch((e) => setError(e.message));
  }, [path]);
  return { rows, setRows, error, setError };
}

function CapacityDialog({ onDone, onClose }) {
  const { rows, setRows, error, setError } = useSettingsRows(`${RP}/capacity`);
  const [typed, setTyped] = useState({});
  const key = (r) => `${r.groupId}|${r.marketplaceId}`;
  const save = async (r) => {
    const text = typed[key(r)] ?? String(r.cubicFeet || "");
    const cubicFeet = text.trim() === "" ? 0 : Number(text);
    try {
      await api(`${RP}/capacity`, { method: "PUT", body: { groupId: r.groupId, marketplaceId: r.marketplaceId, cubicFeet: Number.isInteger(cubicFeet) ? cubicFeet : -1 } });
      setError("");
      setRows((all) => all.map((x) => (key(x) === key(r) ? { ...x, cubicFeet } : x)));
      toast(`已保存 ${r.groupName}-${r.country} 的FBA容量`, "success");
      onDone();
    } catch (err) {
      setError(err.message);
    }
  };
  return (
    <SettingsDialog
      id="capacity-title"
      title="FBA容量"
      width="w-[640px]"
      intro="按卖家后台“容量监控”填写各站点的库存容量（立方英尺），留空或0表示不设；建议发货会使库存超过容量的补货行将收到预警。"
      error={error}
      onClose={onClose}
    >
      {rows && rows.length === 0 && <p className="text-slate-500">暂无站点：补货计划中有商品后即可设置。</p>}
      {rows && rows.length > 0 && (
        <div className="overflow-x-auto">
          <table className="min-w-full text-left">
            <thead className="text-slate-500">
              <tr>
                <th className="px-2 py-1 font-medium">店铺</th>
                <th className="px-2 py-1 font-medium">站点</th>
                <th className="px-2 py-1 text-right font-medium">当前FBA库存（立方英尺）</th>
                <th className="px-2 py-1 font-medium">FBA容量（立方英尺）</th>
                <th className="px-2 py-1" />
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={key(r)} className="border-t border-slate-100 dark:border-slate-700">
                  <td className="px-2 py-1">{r.groupName}</td>
                  <td className="px-2 py-1">{r.country}</td>
                  <td className="px-2 py-1 text-right tabular-nums">
                    {r.usedCubicFeet}
                    {r.unsized > 0 && <span className="ml-1 text-xs text-amber-700 dark:text-amber-300">（{r.unsized}个SKU无尺寸）</span>}
                  </td>
                  <td className="px-2 py-1">
                    <input
                      aria-label={`${r.groupName}-${r.country} FBA容量`}
                      inputMode="numeric"
                      className={`w-28 ${input}`}
                      value={typed[key(r)] ?? (r.cubicFeet ? String(r.cubicFeet) : "")}
                      onChange={(e) => setTyped((v) => ({ ...v, [key(r)]: e.target.value }))}
                      onKeyDown={(e) => e.key === "Enter" && save(r)}
                    />
                  </td>
                  <td className="px-2 py-1">
                    <button type="button" className={plainButton} onClick={() => save(r)}>
                      保存
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </SettingsDialog>
  );
}

// PoolDialog marks the store groups with Pan-European FBA (泛欧计划): their EU lines are then worked as one pool.
function PoolDialog({ onDone, onClose }) {
  const { rows, setRows, error, setError } = useSettingsRows(`${RP}/pools`);
  const toggle = async (r, pooled) => {
    try {
      await api(`${RP}/pools`, { method: "PUT", body: { groupId: r.groupId, pooled } });
      setError("");
      setRows((all) => all.map((x) => (x.groupId === r.groupId ? { ...x, pooled } : x)));
      toast(pooled ? `${r.groupName} 已按泛欧库存池计算` : `${r.groupName} 已按各站点分别计算`, "success");
      onDone();
    } catch (err) {
      setError(err.message);
    }
  };
  return (
    <SettingsDialog
      id="pool-title"
      title="泛欧计划"
      width="w-[560px]"
      intro="开通了亚马逊泛欧计划（Pan-European FBA）或欧洲配送网络的店铺，各欧洲站点的FBA库存互相调配：勾选后，同一SKU在德、法、意、西等站点合并计算断货日期和补货量，再按各站点近30天销量分配。"
      error={error}
      onClose={onClose}
    >
      {rows && rows.length === 0 && <p className="text-slate-500">暂无欧洲站点的补货行：同步欧洲店铺的订单和FBA库存后即可设置。</p>}
      {rows && rows.length > 0 && (
        <ul className="divide-y divide-slate-100 dark:divide-slate-700">
          {rows.map((r) => (
            <li key={r.groupId} className="flex items-center justify-between gap-3 py-2">
              <label className="flex items-center gap-2">
                <input type="checkbox" checked={r.pooled} onChange={(e) => toggle(r, e.target.checked)} aria-label={`${r.groupName} 泛欧计划`} />
                <span>{r.groupName}</span>
              </label>
              <span className="text-slate-500 dark:text-slate-400">{r.countries}</span>
            </li>
          ))}
        </ul>
      )}
    </SettingsDialog>
  );
}

export default function Replenishment({ permissions }) {
  const [selected, setSelected] = useState(null);
  const [docs, setDocs] = useState(null);
  const [defaults, setDefaults] = useState(false);
  const [capacity, setCapacity] = useState(false);
  const [pools, setPools] = useState(false);
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);
  const bulk = [];
  if (can(permissions, "erp:purchase:add")) {
    // Reviewed in 采购计划提交 before anything is made: suppliers, rounded quantities and totals.
    bulk.push({
      label: "生成采购单",
      run: (rows, done) => {
        openTab("采购计划提交", "/e/p/p/s", { ids: rows.map((r) => r.id).join("\n") });
        done();
      },
    });
  }
  if (can(permissions, "erp:ship:plan:add")) {
    bulk.push({ label: "生成发货计划", run: (rows, done) => setDocs({ kind: "plans", rows, done }) });
  }
  return (
    <section aria-label="亚马逊补货计划">
      <form id="rp-filter" className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <input name="keyword" aria-label="SKU或ASIN" placeholder="平台SKU / 本地SKU / ASIN" className={`w-52 ${input}`} />
        <select name="need" aria-label="筛选" className={input}>
          <option value="">全部</option>
          <option value="ship">需发货</option>
          <option value="buy">需采购</option>
          <option value="warn">有预警</option>
        </select>
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <DataTable
        queryname="replenishmentList"
        source={`${RP}/page`}
        exportUrl={`${RP}/export`}
        filterForm="rp-filter"
        permissions={permissions}
        version={version}
        onSelect={(row) => setSelected(row)}
        selected={selected?.id}
        renders={{
          warnings: (row) =>
            row.warnings.length === 0 ? (
              "—"
            ) : (
              <span title={row.warnings.join("\n")} className="whitespace-nowrap rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-800 dark:bg-amber-900/40 dark:text-amber-200">
                {row.warnings.length}条预警
              </span>
            ),
          ship: (row) => <span className={row.ship > 0 ? "font-semibold text-sky-700 dark:text-sky-300" : ""}>{row.ship}</span>,
          buy: (row) => <span className={row.buy > 0 ? "font-semibold text-violet-700 dark:text-violet-300" : ""}>{row.buy}</span>,
          coverDays: (row) => (row.coverDays == null ? "—" : row.coverDays),
          country: (row) =>
            row.pool ? (
              <span className="whitespace-nowrap" title={`泛欧库存池 ${row.pool}：可售天数、断货日期按池计算，建议量按销量分到本站点`}>
                {row.country}
                <span className="ml-1 rounded bg-indigo-50 px-1 text-xs text-indigo-700 dark:bg-indigo-900/40 dark:text-indigo-200">泛欧</span>
              </span>
            ) : (
              row.country
            ),
        }}
        toolbar={
          can(permissions, "erp:purchase:plan:edit") && (
            <>
              <button type="button" className={plainButton} onClick={() => setDefaults(true)}>
                默认参数
              </button>
              <button type="button" className={plainButton} onClick={() => setCapacity(true)}>
                FBA容量
              </button>
              <button type="button" className={plainButton} onClick={() => setPools(true)}>
                泛欧计划
              </button>
            </>
          )
        }
        actions={[
          { label: "计算", run: (row) => setSelected(row) },
          // Pan-EU pools these marketplaces' stock: one need for the pool, split over them.
          { label: "欧洲拆分", when: (row) => EU_POOL.includes(row.country), run: (row) => openTab("欧洲拆分发货", "/e/s/p/e", { id: row.id }) },
        ]}
        bulk={bulk}
        noun="补货行"
        rowName={(row) => row.sku}
        empty="暂无补货数据：先在“数据同步”同步订单和FBA库存，并在“SKU配对”把平台SKU配对到本地产品"
      />
      {selected && <Arithmetic key={selected.id} row={selected} permissions={permissions} onSaved={reload} />}
      {docs && (
        <DocsDialog
          kind={docs.kind}
          rows={docs.rows}
          onClose={() => setDocs(null)}
          onDone={(made) => {
            docs.done();
            if (docs.kind === "orders" && made.length === 1) openTab(`采购单 ${made[0].number}`, "/e/p/o", { id: made[0].id });
          }}
        />
      )}
      {defaults && <DefaultsDialog onClose={() => setDefaults(false)} onDone={reload} />}
      {capacity && <CapacityDialog onClose={() => setCapacity(false)} onDone={reload} />}
      {pools && <PoolDialog onClose={() => setPools(false)} onDone={reload} />}
    </section>
  );
}
