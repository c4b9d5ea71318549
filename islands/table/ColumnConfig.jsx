// 列配置: show or hide columns, reorder them by dragging or with the keyboard (Alt+↑ / Alt+↓ on a row, or its ↑ ↓
// buttons), and keep named layouts: 保存 puts the change into the layout in use (默认 included, without a name),
// 另存为 saves it as a new named one; choose one, delete one, or go back to 默认. The table behind shows the
// change as it is made. It is the browser's own modal <dialog>, so Esc and focus trapping come for free.
import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { api } from "../lib/api.js";
import { ask } from "../lib/confirm.js";
import { toast } from "../lib/toast.js";
import { move } from "./paging.js";

const FIELDS = "/admin/api/v1/sysQueryField";

export default function ColumnConfig({ queryname, columns, onClose, onApplied, onPreview }) {
  const dialog = useRef(null);
  const [cols, setCols] = useState(() => columns.map((c, i) => ({ ...c, findex: i })));
  const [versions, setVersions] = useState([]);
  const [name, setName] = useState("");
  const [dragging, setDragging] = useState(-1);
  const [error, setError] = useState("");
  const rows = useRef(new Map()); // each column's row, by ffield

  useEffect(() => {
    dialog.current.showModal();
    loadVersions();
  }, []);

  useEffect(() => {
    onPreview?.(cols);
  }, [cols]);

  async function loadVersions() {
    try {
      const { data } = await api(`${FIELDS}/getMyVersionFieldByUser`, { query: { queryname } });
      setVersions(data || []);
    } catch (e) {
      setError(e.message);
    }
  }

  const fieldlist = () => cols.map((c, i) => ({ ffield: c.ffield, findex: i, isshow: !!c.isShow }));
  const inUse = versions.find((v) => v.inUse);

  async function reloadColumns() {
    const { data } = await api(`${FIELDS}/loadfield`, { query: { queryname } });
    return data;
  }

  async function act(fn, message = "操作成功!") {
    setError("");
    try {
      await fn();
      toast(message);
      onApplied(await reloadColumns());
    } catch (e) {
      setError(e.message);
    }
  }

  const saveAs = () => {
    if (!name.trim()) {
      setError("版本名称不能为空");
      return;
    }
    act(() => api(`${FIELDS}/saveMyVersionFieldWithName`, { method: "POST", body: { queryname, versionname: name.trim(), fieldlist: fieldlist() } }));
  };
  const save = () =>
    act(() =>
      inUse
        ? api(`${FIELDS}/saveMyVersionField/${inUse.id}`, { method: "POST", body: { queryname, fieldlist: fieldlist() } })
        : api(`${FIELDS}/saveMyDefaultField`, { method: "POST", body: { queryname, fieldlist: fieldlist() } }),
    );
  const choose = (id) => act(() => api(`${FIELDS}/useVersion/${id}`, { method: "POST" }));
  const useDefault = () => act(() => api(`${FIELDS}/useDefault`, { method: "POST", query: { queryname } }));
  const remove = async (v) => {
    if (!(await ask({ title: `删除列配置“${v.versionname}”`, message: "删除后不可恢复。", action: "删除", danger: true }))) return;
    setError("");
    try {
      await api(`${FIELDS}/deleteMyVersionField`, { query: { versionid: v.id } });
      toast("操作成功!");
      await loadVersions();
      if (v.inUse) onApplied(await reloadColumns());
    } catch (e) {
      setError(e.message);
    }
  };

  // Moves a row and keeps the keyboard on it, within the key press: React moving the row's element can take the
  // focus off it, so it is focused again at once. Never later (a timer): on a busy machine that came after the
  // person had gone on to another row, pulled the keyboard back, and the next Alt+↑/↓ moved the wrong row.
  const shift = (field, delta) => {
    flushSync(() => setCols((cs) => move(cs, cs.findIndex((c) => c.ffield === field), delta)));
    rows.current.get(field)?.focus();
  };

  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="column-config-title" className="m-auto w-[560px] max-w-[95vw] rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-800 dark:text-slate-100">
      <div className="flex items-center justify-between border-b border-slate-200 px-5 py-3 dark:border-slate-700">
        <h2 id="column-config-title" className="text-base font-semibold">
          列配置
        </h2>
        <button type="button" aria-label="关闭" className="text-xl leading-none text-slate-400 hover:text-slate-700" onClick={() => dialog.current.close()}>
          ×
        </button>
      </div>
      <div className="max-h-[60vh] overflow-y-auto px-5 py-3">
        {error && (
          <p role="alert" className="mb-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <p className="mb-2 text-xs text-slate-500">勾选要显示的列；拖动或按 Alt+↑/↓ 调整顺序。</p>
        <ul aria-label="列">
          {cols.map((c, i) => (
            <li
              key={c.ffield}
              ref={(el) => {
                rows.current.set(c.ffield, el);
                return () => rows.current.delete(c.ffield);
              }}
              tabIndex={0}
              draggable
              data-column={c.ffield}
              aria-label={`${c.title}，第${i + 1}列`}
              onDragStart={() => setDragging(i)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={() => {
                if (dragging >= 0 && dragging !== i) setCols((cs) => reorder(cs, dragging, i));
                setDragging(-1);
              }}
              onKeyDown={(e) => {
                if (e.altKey && e.key === "ArrowUp") {
                  e.preventDefault();
                  shift(c.ffield, -1);
                } else if (e.altKey && e.key === "ArrowDown") {
                  e.preventDefault();
                  shift(c.ffield, 1);
                }
              }}
              className={`flex items-center gap-3 rounded px-2 py-1.5 outline-none focus:ring-2 focus:ring-sky-300 ${dragging === i ? "opacity-50" : ""}`}
            >
              <span aria-hidden="true" className="cursor-grab text-slate-400">
                ⋮⋮
              </span>
              <label className="flex flex-1 items-center gap-2 text-sm">
                <input type="checkbox" checked={!!c.isShow} onChange={(e) => setCols((cs) => cs.map((x, k) => (k === i ? { ...x, isShow: e.target.checked } : x)))} />
                {c.title}
              </label>
              <button type="button" aria-label={`上移${c.title}`} className="rounded px-1.5 text-slate-500 hover:bg-slate-100 disabled:opacity-30 dark:hover:bg-slate-700" disabled={i === 0} onClick={() => shift(c.ffield, -1)}>
                ↑
              </button>
              <button type="button" aria-label={`下移${c.title}`} className="rounded px-1.5 text-slate-500 hover:bg-slate-100 disabled:opacity-30 dark:hover:bg-slate-700" disabled={i === cols.length - 1} onClick={() => shift(c.ffield, 1)}>
                ↓
              </button>
            </li>
          ))}
        </ul>
        <h3 className="mb-2 mt-4 text-sm font-semibold">已保存的列配置</h3>
        <ul className="space-y-1" aria-label="已保存的列配置">
          <li className="flex items-center justify-between rounded bg-slate-50 px-2 py-1.5 text-sm dark:bg-slate-900">
            <span>默认{!inUse && "（使用中）"}</span>
            {inUse && (
              <button type="button" className="text-sky-700 hover:underline dark:text-sky-300" onClick={useDefault}>
                使用
              </button>
            )}
          </li>
          {versions.map((v) => (
            <li key={v.id} className="flex items-center justify-between rounded bg-slate-50 px-2 py-1.5 text-sm dark:bg-slate-900" data-version={v.versionname}>
              <span>
                {v.versionname}
                {v.inUse && "（使用中）"}
              </span>
              <span className="flex gap-3">
                {!v.inUse && (
                  <button type="button" className="text-sky-700 hover:underline dark:text-sky-300" onClick={() => choose(v.id)}>
                    使用
                  </button>
                )}
                <button type="button" className="text-red-600 hover:underline" onClick={() => remove(v)}>
                  删除
                </button>
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-wrap items-center gap-2 border-t border-slate-200 px-5 py-3 dark:border-slate-700">
        <input aria-label="版本名称" placeholder="版本名称（另存为）" maxLength={20} className="min-w-0 flex-1 rounded-md border border-slate-300 px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-900" value={name} onChange={(e) => setName(e.target.value)} />
        <button type="button" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-700" onClick={saveAs}>
          另存为
        </button>
        <button type="button" className="rounded-md bg-sky-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-sky-800" onClick={save}>
          保存
        </button>
      </div>
    </dialog>
  );
}

// reorder moves the column at `from` to position `to` (drag and drop).
function reorder(cols, from, to) {
  const out = cols.slice();
  const [c] = out.splice(from, 1);
  out.splice(to, 0, c);
  return out.map((x, k) => ({ ...x, findex: k }));
}
