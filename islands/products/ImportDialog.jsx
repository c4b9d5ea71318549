// 导入产品: a native modal <dialog> taking an .xlsx in the template's columns. The server adds every row or none;
// its refusal names each wrong row by number and stays on screen so the file can be corrected.
import { useEffect, useRef, useState } from "react";
import { ApiError, userMessage } from "../lib/api.js";
import { ERP, button, plain } from "./shared.jsx";

// upload posts the file as the multipart field file and unwraps the envelope like api() does.
async function upload(file) {
  const body = new FormData();
  body.append("file", file);
  let response;
  try {
    response = await fetch(`${ERP}/material/import`, { method: "POST", body, credentials: "same-origin", headers: { Accept: "application/json" } });
  } catch {
    throw new ApiError("network", "网络连接失败，请检查网络后重试");
  }
  const envelope = await response.json().catch(() => ({ code: String(response.status), msg: "系统执行出错" }));
  if (envelope.code !== "201") throw new ApiError(envelope.code, userMessage(envelope.msg));
  return envelope.data;
}

export default function ImportDialog({ onClose, onImported }) {
  const dialog = useRef(null);
  const [file, setFile] = useState(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    dialog.current.showModal();
  }, []);

  const submit = async (e) => {
    e.preventDefault();
    if (!file) {
      setError("请选择要导入的文件");
      return;
    }
    setBusy(true);
    setError("");
    try {
      const { count } = await upload(file);
      onImported(count);
      dialog.current.close();
    } catch (err) {
      setError(err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="import-title" className="m-auto w-[520px] max-w-[95vw] rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-800 dark:text-slate-100">
      <form onSubmit={submit} className="p-6">
        <h2 id="import-title" className="mb-3 text-lg font-semibold">
          导入产品
        </h2>
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
          请按模板填写，带 * 的列必填；品牌、分类、供应商填写已有的名称。任何一行有误时不会导入任何产品。
          <a className="ml-1 text-sky-700 hover:underline dark:text-sky-300" href={`${ERP}/material/importTemplate`} download>
            下载导入模板
          </a>
        </p>
        {error && (
          <p role="alert" className="mb-3 max-h-48 overflow-y-auto whitespace-pre-line rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {error.replace(/：第/, "：\n第").replaceAll("；", "\n")}
          </p>
        )}
        <div className="flex items-center gap-3 text-sm">
          <label className={`${plain} cursor-pointer`}>
            选择文件
            <input type="file" name="file" accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" className="sr-only" onChange={(e) => setFile(e.target.files[0] || null)} />
          </label>
          <span className="text-slate-600 dark:text-slate-300">{file ? file.name : "未选择文件（.xlsx）"}</span>
        </div>
        <div className="mt-5 flex justify-end gap-3">
          <button type="button" className={plain} onClick={() => dialog.current.close()}>
            取消
          </button>
          <button type="submit" disabled={busy} className={button}>
            {busy ? "导入中..." : "导入"}
          </button>
        </div>
      </form>
    </dialog>
  );
}
