// 生成本地产品: one local product per chosen listing (its seller SKU) or per variation parent (its children paired to
// it), named, pictured and measured from Amazon's catalogue, and paired at once. rows are the checked listings;
// without any, the action takes every listing the list's current filter selects (filter).
import { useEffect, useRef, useState } from "react";
import { api } from "../lib/api.js";
import { toast } from "../lib/toast.js";
import { ERP, button, plain } from "./shared.jsx";

export default function FromListingsDialog({ rows, filter, onDone, onClose }) {
  const dialog = useRef(null);
  const [byParent, setByParent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  useEffect(() => {
    dialog.current.showModal();
  }, []);
  const submit = async (e) => {
    e.preventDefault();
    setBusy(true);
    setError("");
    try {
      const body = rows.length ? { ids: rows.map((r) => r.id), byParent } : { all: true, filter, byParent };
      const { data } = await api(`${ERP}/listing/fromListings`, { method: "POST", body });
      toast(`已生成 ${data.created} 个本地产品，沿用已有SKU ${data.reused} 个，配对 ${data.paired + data.autoPaired} 个Listing，跳过已配对 ${data.skipped} 个`);
      onDone();
      dialog.current.close();
    } catch (err) {
      setError(err.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="from-title" className="m-auto w-[520px] max-w-[95vw] rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-800 dark:text-slate-100">
      <form onSubmit={submit} className="p-6 text-sm">
        <h2 id="from-title" className="mb-2 text-lg font-semibold">
          生成本地产品
        </h2>
        <p className="mb-3 text-slate-600 dark:text-slate-300">
          {rows.length ? `选中的 ${rows.length} 个Listing` : "当前筛选条件下的全部Listing"}
          ：按亚马逊目录的标题、图片和包装尺寸生成本地产品并立即配对。已配对的Listing跳过；SKU已存在的本地产品直接配对，不重复生成。
        </p>
        {error && (
          <p role="alert" className="mb-3 rounded-md bg-red-50 px-3 py-2 text-red-700">
            {error}
          </p>
        )}
        <fieldset className="mb-2 space-y-2">
          <legend className="mb-1 font-medium">生成方式</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="mode" checked={!byParent} onChange={() => setByParent(false)} />
            每个Listing一个产品（SKU为平台SKU）
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="mode" checked={byParent} onChange={() => setByParent(true)} />
            每个父ASIN一个产品，子体都配对到它（SKU为父ASIN）
          </label>
        </fieldset>
        <div className="mt-5 flex justify-end gap-3">
          <button type="button" className={plain} onClick={() => dialog.current.close()}>
            取消
          </button>
          <button type="submit" disabled={busy} className={button}>
            {busy ? "生成中..." : "生成"}
          </button>
        </div>
      </form>
    </dialog>
  );
}
