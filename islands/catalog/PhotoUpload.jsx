// 图片上传 (/material/photoupload, opened from 本地产品): pictures in bulk, each file named by its product's SKU
// (SKU.jpg is the main picture, SKU-2.jpg the second, up to 9). The names are matched first (material/photoMatch),
// so the names of no product are listed before anything is sent; the matched files then go one at a time
// (material/photo), with the progress, and a file refused (not a picture, over 2MB) is listed with its reason.
import { useState } from "react";
import { api } from "../lib/api.js";
import { toast } from "../lib/toast.js";
import { ERP, Thumbnail, button, plain } from "./shared.jsx";

const MAX_BYTES = 2 << 20;
const MAX_FILES = 500;
const TYPES = /\.(jpe?g|png|gif|webp)$/i;

// checkFile is what is wrong with a file before it is sent, in the server's words; "" when it may go.
function checkFile(f) {
  if (!TYPES.test(f.name)) return "文件类型不支持，只能上传jpg、png、gif、webp图片";
  if (f.size === 0) return "请选择图片";
  if (f.size > MAX_BYTES) return "图片不能超过2MB";
  return "";
}

export default function PhotoUpload() {
  const [rows, setRows] = useState([]); // {file, name, sku, position, problem, state: ready|sending|done|failed, image}
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  const choose = async (e) => {
    const files = [...e.target.files];
    e.target.value = "";
    setError("");
    if (files.length === 0) return;
    if (files.length > MAX_FILES) return setError("一次最多上传500张图片");
    try {
      const { data } = await api(`${ERP}/material/photoMatch`, { method: "POST", body: { names: files.map((f) => f.name) } });
      setRows(files.map((file, i) => ({ file, ...data[i], problem: data[i].problem || checkFile(file), state: "ready" })));
    } catch (err) {
      setError(err.message);
    }
  };

  const ready = rows.filter((r) => !r.problem && r.state === "ready");
  const done = rows.filter((r) => r.state === "done").length;
  const failed = rows.filter((r) => r.state === "failed").length;
  const sent = rows.filter((r) => r.state === "done" || r.state === "failed").length;
  const total = rows.filter((r) => !r.problem || r.state === "failed").length;

  const upload = async () => {
    setBusy(true);
    for (const r of ready) {
      setRows((rs) => rs.map((x) => (x === r ? { ...x, state: "sending" } : x)));
      const form = new FormData();
      form.append("file", r.file, r.file.name);
      let change;
      try {
        const { data } = await api(`${ERP}/material/photo`, { method: "POST", form });
        change = { state: "done", image: data.image };
      } catch (err) {
        change = { state: "failed", problem: err.message };
      }
      setRows((rs) => rs.map((x) => (x.file === r.file ? { ...x, ...change } : x)));
    }
    setBusy(false);
    toast("上传完成");
  };

  const unmatched = rows.filter((r) => r.problem && r.state !== "failed");
  return (
    <section aria-label="图片上传" className="max-w-5xl space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        按SKU命名图片后批量上传：<span className="font-mono">SKU.jpg</span> 为产品主图，<span className="font-mono">SKU-2.jpg</span> 至 <span className="font-mono">SKU-9.jpg</span> 为第2至9张图片。支持 jpg、png、gif、webp，每张不超过2MB，一次最多500张；同一位置已有的图片会被替换。
      </p>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <label className={`${plain} cursor-pointer`}>
          选择图片
          <input type="file" multiple accept=".jpg,.jpeg,.png,.gif,.webp,image/*" aria-label="选择图片" className="sr-only" disabled={busy} onChange={choose} />
        </label>
        <button type="button" className={button} disabled={busy || ready.length === 0} onClick={upload}>
          {busy ? "上传中..." : `上传 ${ready.length} 张`}
        </button>
        {rows.length > 0 && (
          <span role="status" aria-label="上传进度" className="text-sm tabular-nums">
            已上传 {done} / {total}
            {failed > 0 && `，失败 ${failed}`}
          </span>
        )}
      </div>
      {rows.length > 0 && (
        <div className="h-2 w-full rounded bg-slate-100 dark:bg-slate-700" aria-hidden="true">
          <div className="h-2 rounded bg-sky-600" style={{ width: `${total ? Math.round((sent / total) * 100) : 0}%` }} />
        </div>
      )}
      {unmatched.length > 0 && (
        <section aria-label="未匹配的文件" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
          <h3 className="mb-1 font-medium">{unmatched.length} 个文件不会上传：</h3>
          <ul className="space-y-0.5">
            {unmatched.map((r) => (
              <li key={r.file.name + r.file.lastModified}>
                <span className="font-mono">{r.name}</span>：{r.problem}
              </li>
            ))}
          </ul>
        </section>
      )}
      {rows.some((r) => !r.problem || r.state === "failed") && (
        <table className="w-full text-left text-sm" aria-label="待上传图片">
          <thead className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
            <tr>
              <th className="px-2 py-2 font-medium">文件名</th>
              <th className="px-2 py-2 font-medium">SKU</th>
              <th className="px-2 py-2 font-medium">图片位置</th>
              <th className="px-2 py-2 font-medium">状态</th>
              <th className="px-2 py-2 font-medium">图片</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
            {rows
              .filter((r) => !r.problem || r.state === "failed")
              .map((r) => (
                <tr key={r.file.name + r.file.lastModified}>
                  <td className="px-2 py-1 font-mono">{r.name}</td>
                  <td className="px-2 py-1 font-mono">{r.sku}</td>
                  <td className="px-2 py-1">{r.position === 1 ? "主图" : `第${r.position}张`}</td>
                  <td className="px-2 py-1">
                    {r.state === "ready" && "待上传"}
                    {r.state === "sending" && "上传中..."}
                    {r.state === "done" && <span className="text-emerald-700 dark:text-emerald-400">已上传</span>}
                    {r.state === "failed" && <span className="text-red-700 dark:text-red-400">失败：{r.problem}</span>}
                  </td>
                  <td className="px-2 py-1">{r.image ? <Thumbnail src={r.image} /> : null}</td>
                </tr>
              ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
