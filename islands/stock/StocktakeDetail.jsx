// 盘点单详情: the stocktake's header, state and sheet, with the steps its state and the user's permissions allow:
// 编辑 and 开始盘点 (a draft: starting freezes the products and records their book quantities), counting while
// 盘点中 (a scanner's code typed into 扫描条码 ends with Enter and counts one unit; a count typed in a line is saved
// with Enter or on leaving it; 导入盘点数量 reads a sheet), 过账 (the differences move the stock) and 作废. Each step
// asks first, naming what will move.
import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "../lib/api.js";
import { ask } from "../lib/confirm.js";
import ImportDialog from "../lib/ImportDialog.jsx";
import { can } from "../lib/permissions.js";
import { toast } from "../lib/toast.js";
import { StatusBadge } from "./Documents.jsx";
import StocktakeNew from "./StocktakeNew.jsx";
import { ERP, Thumb, button, dangerButton, input, openTab, plainButton } from "./shared.jsx";

function Field({ label, children }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm">{children || "—"}</dd>
    </div>
  );
}

const signed = (n) => (n > 0 ? `+${n}` : String(n));

// Scanner is the barcode field: a scanner types the code and Enter; each Enter counts one unit of the product
// whose SKU or FNSKU it is. Scans are sent one after another, in the order read, and the field keeps the focus.
function Scanner({ id, byBin, onCounted }) {
  const field = useRef(null);
  const binField = useRef(null);
  const queue = useRef(Promise.resolve());
  const [last, setLast] = useState(null);
  const [error, setError] = useState("");
  useEffect(() => field.current?.focus(), []);
  const onKey = (e) => {
    if (e.key !== "Enter") return;
    e.preventDefault();
    const code = e.currentTarget.value.trim();
    e.currentTarget.value = "";
    if (!code) return;
    queue.current = queue.current.then(() =>
      api(`${ERP}/stocktake/${id}/scan`, { method: "POST", body: { code, binCode: binField.current ? binField.current.value.trim() : "" } })
        .then(({ data }) => {
          setError("");
          setLast(data);
          onCounted(data);
        })
        .catch((err) => {
          setLast(null);
          setError(err.message);
        }),
    );
  };
  return (
    <div className="rounded-lg border border-sky-200 bg-sky-50 p-3 dark:border-sky-900 dark:bg-sky-950">
      {byBin && (
        <label className="mb-2 flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium">当前库位</span>
          <input
            ref={binField}
            aria-label="当前库位"
            placeholder="扫描库位码后按回车，再扫描产品"
            className={`w-80 font-mono ${input}`}
            autoComplete="off"
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                field.current?.focus();
              }
            }}
          />
        </label>
      )}
      <label className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">扫描条码</span>
        <input ref={field} aria-label="扫描条码" placeholder="扫描或输入SKU / FNSKU 后按回车，每次计 1 件" className={`w-80 ${input}`} onKeyDown={onKey} autoComplete="off" />
      </label>
      <p role="status" className="mt-1 min-h-5 text-sm">
        {last && (
          <>
            {last.binCode && <span className="mr-1 font-mono">[{last.binCode}]</span>}
            <span className="font-mono">{last.sku}</span> {last.name}：已盘 <strong>{last.counted}</strong>，账面 {last.book}
          </>
        )}
      </p>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

// CountCell is a line's count: typed, saved with Enter or on leaving the field (empty forgets the count).
function CountCell({ id, line, editable, onSaved, onError }) {
  const shown = line.counted == null ? "" : String(line.counted);
  const [value, setValue] = useState(shown);
  useEffect(() => setValue(shown), [shown]);
  if (!editable) return <span className="tabular-nums">{shown || "—"}</span>;
  const save = async () => {
    const v = value.trim();
    if (v === shown) return;
    if (v !== "" && !/^\d+$/.test(v)) {
      onError(`${line.sku}：盘点数量必须为0到1000000的整数`);
      return;
    }
    try {
      await api(`${ERP}/stocktake/${id}/counts`, { method: "PUT", body: { lines: [{ productId: line.productId, binId: line.binId || "", counted: v === "" ? null : Number(v) }] } });
      onSaved();
    } catch (err) {
      onError(err.message);
    }
  };
  return (
    <input
      aria-label={`${line.binCode ? `${line.binCode} ` : ""}${line.sku} 盘点数量`}
      inputMode="numeric"
      className={`w-24 ${input}`}
      value={value}
      onChange={(e) => setValue(e.target.value)}
      onBlur={save}
      onKeyDown={(e) => {
        if (e.key === "Enter") {
          e.preventDefault();
          save();
        }
        if (e.key === "Escape") setValue(shown);
      }}
    />
  );
}

export default function StocktakeDetail({ id, permissions }) {
  const [st, setSt] = useState(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  const [importing, setImporting] = useState(false);
  const [search, setSearch] = useState("");
  const [show, setShow] = useState("all");

  const load = useCallback(() => {
    if (!id) return setError("盘点单不存在");
    return api(`${ERP}/stocktake/${encodeURIComponent(id)}`)
      .then(({ data }) => setSt({ ...data, lines: data.lines || [] }))
      .catch((e) => setError(e.message));
  }, [id]);
  useEffect(() => {
    load();
  }, [load]);

  const step = (name, question) => async () => {
    if (!(await ask(question))) return;
    setBusy(true);
    setError("");
    try {
      await api(`${ERP}/stocktake/${st.id}/${name}`, { method: "POST" });
      toast("操作成功!");
      await load();
    } catch (e) {
      setError(e.message);
    } finally {
      setBusy(false);
    }
  };

  if (!st)
    return error ? (
      <p role="alert" className="text-sm text-red-700">
        {error}
      </p>
    ) : (
      <p className="text-sm text-slate-500">加载中...</p>
    );
  if (editing)
    return (
      <StocktakeNew
        stocktake={st}
        onCancel={() => setEditing(false)}
        onSaved={async () => {
          await load();
          setEditing(false);
        }}
      />
    );

  const counting = st.status === 1;
  const posted = st.status === 2;
  const mayCount = counting && can(permissions, "erp:wh:stocktake:add");
  const byBin = st.scope === "bins";
  const what =
    st.scope === "warehouse"
      ? `“${st.warehouseName}”的全部产品`
      : byBin
        ? `库位 ${(st.bins || []).map((b) => b.code).join("、")} 中的产品`
        : `“${st.warehouseName}”的 ${st.lineCount} 个产品`;
  // The sheet as it stands now (scans update it in place), for the confirmations.
  const surplus = st.lines.reduce((n, l) => n + Math.max(l.difference ?? 0, 0), 0);
  const loss = st.lines.reduce((n, l) => n - Math.min(l.difference ?? 0, 0), 0);
  const uncounted = st.lines.filter((l) => l.counted == null).length;
  const start = { title: `开始盘点 ${st.number}`, message: `开始后${what}将被冻结，过账或作废前不能出入库，并记录当前账面数量。`, action: "开始盘点" };
  const post = {
    title: `过账 ${st.number}`,
    message:
      `过账后将调整“${st.warehouseName}”的可用库存：盘盈 ${surplus} 件，盘亏 ${loss} 件（按采购成本计价）` +
      (uncounted > 0 ? `；未盘点的 ${uncounted} 个产品保持账面数量` : "") +
      "，并解除冻结。",
    action: "过账",
  };
  const cancel = {
    title: `作废 ${st.number}`,
    message: posted
      ? `作废后不可恢复，已过账的差异将冲回：盘盈的 ${st.surplusUnits} 件从“${st.warehouseName}”扣回，盘亏的 ${st.lossUnits} 件退回。`
      : counting
        ? "作废后不可恢复，解除冻结，不调整库存。"
        : "作废后不可恢复。",
    action: "作废",
    danger: true,
  };
  const term = search.trim().toLowerCase();
  const lines = st.lines.filter(
    (l) =>
      (!term || l.sku.toLowerCase().includes(term) || l.name.toLowerCase().includes(term) || (l.binCode || "").toLowerCase().includes(term)) &&
      (show === "all" || (show === "uncounted" && l.counted == null) || (show === "difference" && l.difference != null && l.difference !== 0)),
  );
  const counted = (data) =>
    setSt((s) => {
      const i = s.lines.findIndex((l) => l.productId === data.productId && (l.binCode || "") === (data.binCode || ""));
      if (i < 0) {
        load();
        return s;
      }
      const next = { ...s.lines[i], counted: data.counted, difference: data.counted - data.book };
      return { ...s, lines: s.lines.map((l, j) => (j === i ? next : l)) };
    });

  return (
    <section aria-label={`盘点单 ${st.number}`} className="max-w-6xl space-y-4">
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <span className="font-mono text-base font-semibold">{st.number}</span>
        <StatusBadge status={st.status} name={st.statusName} />
        <span className="ml-auto flex flex-wrap gap-2">
          {st.status === 0 && can(permissions, "erp:wh:stocktake:add") && (
            <>
              <button type="button" className={plainButton} disabled={busy} onClick={() => setEditing(true)}>
                编辑
              </button>
              <button type="button" className={button} disabled={busy} onClick={step("start", start)}>
                开始盘点
              </button>
            </>
          )}
          {mayCount && (
            <button type="button" className={plainButton} disabled={busy} onClick={() => setImporting(true)}>
              导入盘点数量
            </button>
          )}
          {counting && can(permissions, "erp:wh:stocktake:approve") && (
            <button type="button" className={button} disabled={busy} onClick={step("post", post)}>
              过账
            </button>
          )}
          {st.status !== 3 && can(permissions, "erp:wh:stocktake:cancel") && (
            <button type="button" className={dangerButton} disabled={busy} onClick={step("cancel", cancel)}>
              作废
            </button>
          )}
          <a className={plainButton} href={`/stocktake/print?id=${st.id}`} target="_blank" rel="noopener">
            打印盘点表
          </a>
          <button type="button" className={plainButton} onClick={() => openTab("库存流水", "/erp/warehouse/record")}>
            库存流水
          </button>
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 md:grid-cols-4 dark:bg-slate-800 dark:ring-slate-700">
        <Field label="仓库">{st.warehouseName}</Field>
        <Field label="盘点范围">{st.scope === "bins" ? `${st.scopeName}：${(st.bins || []).map((b) => b.code).join("、")}` : st.scopeName}</Field>
        <Field label="已盘 / 产品数">{`${st.lines.length - uncounted} / ${st.lines.length}`}</Field>
        <Field label="盘盈 / 盘亏(件)">{`${surplus} / ${loss}`}</Field>
        <Field label="盘盈金额(元)">{st.surplusValue}</Field>
        <Field label="盘亏金额(元)">{st.lossValue}</Field>
        <Field label="创建人">{st.creator}</Field>
        <Field label="开始时间">{st.startedAt}</Field>
        <Field label="过账人">{st.poster}</Field>
        <Field label="过账时间">{st.postedAt}</Field>
        <Field label="作废时间">{st.cancelledAt}</Field>
        <Field label="备注">{st.remark}</Field>
      </dl>
      {st.status === 0 && <p className="text-sm text-slate-600 dark:text-slate-300">点击“开始盘点”冻结产品并记录账面数量后，即可扫描或录入盘点数量。</p>}
      {mayCount && <Scanner id={st.id} byBin={st.scope === "bins"} onCounted={counted} />}
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <input aria-label="查找盘点产品" placeholder="查找SKU或名称" className={`w-56 ${input}`} value={search} onChange={(e) => setSearch(e.target.value)} />
        <select aria-label="显示" className={input} value={show} onChange={(e) => setShow(e.target.value)}>
          <option value="all">全部产品</option>
          <option value="uncounted">未盘点</option>
          <option value="difference">有差异</option>
        </select>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[44rem] text-left text-sm" aria-label="盘点产品">
          <thead className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
            <tr>
              <th className="px-2 py-2 font-medium">#</th>
              {byBin && <th className="px-2 py-2 font-medium">库位</th>}
              <th className="px-2 py-2 font-medium">图片</th>
              <th className="px-2 py-2 font-medium">SKU</th>
              <th className="px-2 py-2 font-medium">产品名称</th>
              <th className="px-2 py-2 text-right font-medium">账面数量</th>
              <th className="px-2 py-2 font-medium">盘点数量</th>
              <th className="px-2 py-2 text-right font-medium">差异</th>
              {posted && <th className="px-2 py-2 text-right font-medium">单价(元)</th>}
              {posted && <th className="px-2 py-2 text-right font-medium">金额(元)</th>}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
            {lines.map((l, i) => (
              <tr key={`${l.productId}-${l.binId}`}>
                <td className="px-2 py-1">{i + 1}</td>
                {byBin && <td className="px-2 py-1 font-mono">{l.binCode}</td>}
                <td className="px-2 py-1">
                  <Thumb src={l.image} alt={l.sku} />
                </td>
                <td className="px-2 py-1 font-mono">{l.sku}</td>
                <td className="px-2 py-1">{l.name}</td>
                <td className="px-2 py-1 text-right tabular-nums">{l.book ?? "—"}</td>
                <td className="px-2 py-1">
                  <CountCell id={st.id} line={l} editable={mayCount} onSaved={load} onError={setError} />
                </td>
                <td className={`px-2 py-1 text-right tabular-nums ${l.difference > 0 ? "text-emerald-700 dark:text-emerald-300" : l.difference < 0 ? "text-red-700 dark:text-red-300" : ""}`}>
                  {l.difference == null ? "—" : signed(l.difference)}
                </td>
                {posted && <td className="px-2 py-1 text-right tabular-nums">{l.unitCost || "未填成本"}</td>}
                {posted && <td className="px-2 py-1 text-right tabular-nums">{l.amount || "—"}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {lines.length === 0 && (
        <p className="text-center text-sm text-slate-500">
          {st.lines.length === 0 ? (st.status === 0 ? "整仓盘点在开始时生成盘点表。" : "暂无数据！扫描产品条码即可加入盘点。") : "没有符合条件的产品。"}
        </p>
      )}
      {importing && (
        <ImportDialog
          title="导入盘点数量"
          hint="按模板填写 SKU 和盘点数量（实际清点到的可用数量）。任何一行有误时不会录入任何数量。"
          templateURL={`${ERP}/stocktake/countTemplate`}
          importURL={`${ERP}/stocktake/${st.id}/import`}
          onClose={() => setImporting(false)}
          onImported={({ count }) => {
            toast(`已录入${count}个产品的盘点数量`);
            load();
          }}
        />
      )}
    </section>
  );
}
