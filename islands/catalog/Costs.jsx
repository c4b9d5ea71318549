// 本地产品's costs (采购成本 and 头程, CNY per unit): a cell the seller edits in place (click or Enter on it, type,
// Enter saves, Esc leaves it as it was; a date beside the amount dates the change back, today when untouched), and
// the product's history of changes in a dialog. The server checks again and keeps every change with its date, so
// that a month's profit uses that month's cost.
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { api } from "../lib/api.js";
import { toast } from "../lib/toast.js";
import { ERP, input, plain } from "./shared.jsx";

export const COST_LABELS = { price: "采购成本", firstLeg: "头程" };
const FIELDS = { price: "unitCost", firstLeg: "firstLeg" };

// today is the date in Beijing time, the company's zone by default (the server defaults an empty date to its own).
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());

// costProblem answers the server's message for a typed cost that it would refuse, "" when it would take it.
export function costProblem(raw, label) {
  const v = raw.trim();
  if (v === "") return `${label}不能为空`;
  if (/^-[0-9]+(\.[0-9]+)?$/.test(v)) return `${label}不能小于0`;
  if (!/^[0-9]+(\.[0-9]+)?$/.test(v)) return `${label}必须是数字`;
  if (/\.[0-9]{3,}$/.test(v) && !/\.[0-9]{2}0+$/.test(v)) return `${label}最多2位小数`;
  if (Number(v) > 99999999.99) return `${label}不能超过99999999.99`;
  return "";
}

// CostCell shows a product's cost and, for a user who may edit products, edits it in place; onSaved gets the
// product as the server answers it.
export function CostCell({ row, field, editable, onSaved }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState("");
  const [date, setDate] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const opener = useRef(null);
  const backToCell = useRef(false);
  const label = COST_LABELS[field];

  // Back on the cell as soon as the editor is gone, so that a key typed right after Esc or Enter reaches it.
  useLayoutEffect(() => {
    if (editing || !backToCell.current) return;
    backToCell.current = false;
    opener.current?.focus();
  }, [editing]);
  const shown = row[field] === "" || row[field] == null ? "—" : row[field];

  if (!editable) return <span className="tabular-nums">{shown}</span>;

  const open = () => {
    setValue(row[field] || "");
    setDate(today());
    setError("");
    setEditing(true);
  };
  const close = () => {
    backToCell.current = true;
    setEditing(false);
  };
  const save = async () => {
    const problem = costProblem(value, label);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    try {
      const body = { [FIELDS[field]]: value.trim(), effectiveFrom: date === today() ? "" : date };
      const { data } = await api(`${ERP}/material/${row.id}/cost`, { method: "PUT", body });
      onSaved(data);
      toast("保存成功");
      close();
    } catch (e) {
      setError(e.message);
    } finally {
      setBusy(false);
    }
  };
  const keys = (e) => {
    if (e.key === "Enter") {
      e.preventDefault();
      if (!busy) save();
    } else if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation(); // Esc here leaves the cell, not the tab
      close();
    }
  };

  if (!editing) {
    return (
      <button ref={opener} type="button" title={`点击编辑${label}`} aria-label={`编辑${label} ${row.sku}：${shown}`} className="min-w-16 rounded px-1 py-0.5 text-left tabular-nums hover:bg-sky-50 hover:ring-1 hover:ring-sky-300 focus-visible:ring-2 focus-visible:ring-sky-500 dark:hover:bg-slate-700" onClick={open}>
        {shown}
      </button>
    );
  }
  return (
    <span className="inline-flex flex-col gap-1" onKeyDown={keys}>
      <span className="inline-flex items-center gap-1">
        <input
          autoFocus
          inputMode="decimal"
          aria-label={`${label} ${row.sku}`}
          aria-invalid={error ? true : undefined}
          className={`w-24 ${input} py-0.5 tabular-nums`}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError("");
          }}
          onFocus={(e) => e.target.select()}
        />
        <input type="date" aria-label={`生效日期 ${row.sku}`} title="生效日期：从这天起按新成本计算利润" max={today()} min="2000-01-01" className={`w-36 ${input} py-0.5 dark:[color-scheme:dark]`} value={date} onChange={(e) => setDate(e.target.value)} />
      </span>
      {error ? (
        <span role="alert" className="whitespace-normal text-xs text-red-600 dark:text-red-400">
          {error}
        </span>
      ) : (
        <span className="text-xs text-slate-500 dark:text-slate-400">Enter 保存，Esc 取消</span>
      )}
    </span>
  );
}

// CostHistory is a product's cost changes in a dialog, the latest date first.
export function CostHistory({ product, onClose }) {
  const dialog = useRef(null);
  const [rows, setRows] = useState(null);

  useEffect(() => {
    dialog.current.showModal();
    api(`${ERP}/material/${product.id}/costs`)
      .then(({ data }) => setRows(data))
      .catch((e) => {
        toast(e.message, "error");
        setRows([]);
      });
  }, [product.id]);

  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="cost-history-title" className="m-auto w-[640px] max-w-[95vw] rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-800 dark:text-slate-100">
      <div className="p-6">
        <h2 id="cost-history-title" className="mb-1 text-lg font-semibold">
          成本记录 {product.sku}
        </h2>
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">每条成本从生效日期起计入利润，直到下一条；最早的一条也用于它之前的月份。</p>
        <div className="max-h-80 overflow-auto">
          <table className="w-full text-left text-sm">
            <thead className="sticky top-0 bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
              <tr>
                <th className="whitespace-nowrap px-3 py-2 font-medium">生效日期</th>
                <th className="whitespace-nowrap px-3 py-2 text-right font-medium">采购成本(元)</th>
                <th className="whitespace-nowrap px-3 py-2 text-right font-medium">头程(元)</th>
                <th className="whitespace-nowrap px-3 py-2 font-medium">修改人</th>
                <th className="whitespace-nowrap px-3 py-2 font-medium">修改时间</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
              {(rows || []).map((r) => (
                <tr key={r.id}>
                  <td className="whitespace-nowrap px-3 py-2 tabular-nums">{r.beginning ? "期初" : r.effectiveFrom}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{r.unitCost || "—"}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{r.firstLeg || "—"}</td>
                  <td className="whitespace-nowrap px-3 py-2">{r.changedBy || "系统"}</td>
                  <td className="whitespace-nowrap px-3 py-2 tabular-nums">{r.changedAt}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {rows === null && <p className="px-3 py-6 text-center text-sm text-slate-500">加载中...</p>}
          {rows && rows.length === 0 && <p className="px-3 py-6 text-center text-sm text-slate-500">暂无数据！</p>}
        </div>
        <div className="mt-5 flex justify-end">
          <button type="button" className={plain} onClick={() => dialog.current.close()}>
            关闭
          </button>
        </div>
      </div>
    </dialog>
  );
}
