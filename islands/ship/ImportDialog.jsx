// 导入货件: a workbook filled from the template. The server checks every row first: a workbook with faults is
// refused as a whole and each fault is listed by row; a good one creates all its shipments.
import { useEffect, useRef, useState } from "react";
import { userMessage } from "../lib/api.js";
import { toast } from "../lib/toast.js";
import { ERP, button, plain } from "./common.js";

export default function ImportDialog({ onClose, onSaved }) {
  const dialog = useRef(null);
  const [file, setFile] = useState(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    dialog.current.showModal();
  }, []);

  const submit = async (e) => {
    e.preventDefault();
    if (!file) return setError("请选择要导入的文件");
    setBusy(true);
    setError("");
    try {
      const body = new FormData();
      body.append("file", file);
      const response = await fetch(`${ERP}/shipment/import`, { method: "POST", body, credentials: "same-origin", headers: { Accept: "application/json" } });
      const envelope = await response.json().catch(() => ({ msg: "系统执行出错" }));
      if (envelope.code !== "201") throw new Error(userMessage(envelope.msg));
      toast(`已导入${envelope.data.length}个货件：${envelope.data.join("、")}`);
      onSaved();
      dialog.current.close();
    } catch (err) {
      setError(err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="import-title" className="m-auto w-[560px] max-w-[95vw] rounded-xl bg-white p-6 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-800 dark:text-slate-100">
      <form onSubmit={submit}>
        <h2 id="import-title" className="mb-4 text-lg font-semibold">
          导入货件
        </h2>
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
          每行一个产品；货件ID相同的行为同一货件，货件ID留空时店铺、站点、发货仓库、目的配送中心相同的行为同一货件。
          <a className="ml-1 text-sky-700 hover:underline" href={`${ERP}/shipment/importTemplate`} download>
            下载模板
          </a>
        </p>
        <input type="file" aria-label="导入文件" accept=".xlsx" className="mb-3 block text-sm" onChange={(e) => setFile(e.target.files[0] || null)} />
        {error && (
          <p role="alert" className="mb-3 max-h-60 overflow-y-auto whitespace-pre-line rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-3">
          <button type="button" className={plain} onClick={() => dialog.current.close()}>
            取消
          </button>
          <button type="submit" className={button} disabled={busy}>
            {busy ? "导入中..." : "导入"}
          </button>
        </div>
      </form>
    </dialog>
  );
}
