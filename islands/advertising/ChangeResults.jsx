// The answer of a change sent to Amazon from 广告管理: how many rows were changed and refused, and each row with
// its value before and after and, for a refused row, why (Amazon's refusal changes nothing).
import { useEffect, useRef } from "react";
import { money } from "../lib/money.js";

const amount = (v, currency) => (/^-?\d+(\.\d+)?$/.test(v) ? money(v, currency) : v);

export default function ChangeResults({ answer, onClose }) {
  const dialog = useRef(null);
  useEffect(() => {
    dialog.current.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="change-results-title"
      className="m-auto w-[720px] max-w-[95vw] rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-800 dark:text-slate-100"
    >
      <div className="p-6">
        <h2 id="change-results-title" className="mb-2 text-lg font-semibold">
          提交结果
        </h2>
        <p role="status" className={`mb-3 text-sm ${answer.refused ? "text-amber-700 dark:text-amber-300" : "text-emerald-700 dark:text-emerald-300"}`}>
          {answer.changed} 个成功，{answer.refused} 个失败{answer.refused ? "：失败的未作修改" : ""}
        </p>
        <div className="max-h-[60vh] overflow-auto">
          <table className="w-full text-left text-sm" aria-label="提交结果">
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-600">
                <th className="px-2 py-1">名称</th>
                <th className="whitespace-nowrap px-2 py-1">操作</th>
                <th className="whitespace-nowrap px-2 py-1">修改前 → 修改后</th>
                <th className="px-2 py-1">结果</th>
              </tr>
            </thead>
            <tbody>
              {answer.rows.map((r) => (
                <tr key={r.id} className="border-b border-slate-100 align-top dark:border-slate-700">
                  <td className="min-w-32 px-2 py-1">{r.name}</td>
                  <td className="whitespace-nowrap px-2 py-1">{r.actionName}</td>
                  <td className="whitespace-nowrap px-2 py-1">
                    {amount(r.before, r.currency)} → {amount(r.after, r.currency)}
                  </td>
                  <td className={`px-2 py-1 ${r.ok ? "text-emerald-700 dark:text-emerald-300" : "text-red-700 dark:text-red-300"}`}>{r.ok ? "成功" : `失败：${r.message}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="mt-4 flex justify-end">
          <button type="button" className="rounded-md bg-sky-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-sky-800" onClick={() => dialog.current.close()}>
            知道了
          </button>
        </div>
      </div>
    </dialog>
  );
}
