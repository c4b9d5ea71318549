// An .xlsx import in the browser's own modal <dialog>: the person downloads the template, fills it in, picks the
// file and 导入 posts it (the multipart field file). The server adds every row or none; its refusal names every
// wrong cell of every row, shown as a table (行, 列, 内容, 问题) that stays on screen so the whole file can be
// corrected in one go; a refusal without cells shows one row per line. onImported gets the answer's data.
// option ({ name, label }), when given, is a checkbox posted as the form field name=true when ticked.
import { useEffect, useRef, useState } from "react";
import { api } from "./api.js";

const primary = "rounded-md bg-sky-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-50";
const plain = "rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50 disabled:opacity-50 dark:border-slate-600 dark:hover:bg-slate-700";

// One wrong row per line, whether the server joined them with new lines or with "；".
const rowPerLine = (msg) => msg.replace(/：第/, "：\n第").replaceAll("；", "\n");

export default function ImportDialog({ title, hint, option, templateURL, importURL, onImported, onClose }) {
  const dialog = useRef(null);
  const [file, setFile] = useState(null);
  const [optionOn, setOptionOn] = useState(false);
  const [error, setError] = useState("");
  const [problems, setProblems] = useState([]);
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
    setProblems([]);
    try {
      const form = new FormData();
      form.append("file", file);
      if (option && optionOn) form.append(option.name, "true");
      const { data } = await api(importURL, { method: "POST", form });
      onImported(data);
      dialog.current.close();
    } catch (err) {
      setError(err.message);
      setProblems(Array.isArray(err.data) ? err.data : []);
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="import-title" className="m-auto w-[540px] max-w-[95vw] rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-800 dark:text-slate-100">
      <form onSubmit={submit} className="p-6">
        <h2 id="import-title" className="mb-3 text-lg font-semibold">
          {title}
        </h2>
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
          {hint}
          <a className="ml-1 text-sky-700 hover:underline dark:text-sky-300" href={templateURL} download>
            下载导入模板
          </a>
        </p>
        {error && !problems.length && (
          <p role="alert" className="mb-3 max-h-60 overflow-y-auto whitespace-pre-line rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {rowPerLine(error)}
          </p>
        )}
        {problems.length > 0 && <ProblemTable summary={error.split("：")[0]} problems={problems} />}
        <div className="flex items-center gap-3 text-sm">
          <label className={`${plain} cursor-pointer`}>
            选择文件
            <input type="file" name="file" aria-label="导入文件" accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" className="sr-only" onChange={(e) => setFile(e.target.files[0] || null)} />
          </label>
          <span className="text-slate-600 dark:text-slate-300">{file ? file.name : "未选择文件（.xlsx）"}</span>
        </div>
        {option && (
          <label className="mt-3 flex items-center gap-2 text-sm">
            <input type="checkbox" checked={optionOn} onChange={(e) => setOptionOn(e.target.checked)} />
            {option.label}
          </label>
        )}
        <div className="mt-5 flex justify-end gap-3">
          <button type="button" className={plain} onClick={() => dialog.current.close()}>
            取消
          </button>
          <button type="submit" disabled={busy} className={primary}>
            {busy ? "导入中..." : "导入"}
          </button>
        </div>
      </form>
    </dialog>
  );
}

// The import's wrong cells, every one of them, in the sheet's order.
function ProblemTable({ summary, problems }) {
  return (
    <div role="alert" className="mb-3 rounded-md bg-red-50 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
      <p className="px-3 py-2 font-medium">{summary}</p>
      <div className="max-h-60 overflow-y-auto">
        <table className="w-full text-left">
          <thead className="sticky top-0 bg-red-100 dark:bg-red-900">
            <tr>
              <th className="px-3 py-1 font-medium">行</th>
              <th className="px-3 py-1 font-medium">列</th>
              <th className="px-3 py-1 font-medium">内容</th>
              <th className="px-3 py-1 font-medium">问题</th>
            </tr>
          </thead>
          <tbody>
            {problems.map((p, i) => (
              <tr key={i} className="border-t border-red-100 dark:border-red-900">
                <td className="px-3 py-1 tabular-nums">{p.row}</td>
                <td className="px-3 py-1">{p.column}</td>
                <td className="max-w-[10rem] truncate px-3 py-1" title={p.value}>
                  {p.value || "（空）"}
                </td>
                <td className="px-3 py-1">{p.why}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
