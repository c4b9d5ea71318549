// The listings paired with one product (where it sells, and the seller SKU and FNSKU its shipments carry), shown
// on its edit and details screens, with the way to SKU配对 where they are paired.
import { useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { ERP, openTab } from "./shared.jsx";

export default function ProductListings({ id }) {
  const [rows, setRows] = useState(null);
  const [error, setError] = useState("");
  useEffect(() => {
    api(`${ERP}/material/${id}/listings`)
      .then(({ data }) => setRows(data))
      .catch((e) => setError(e.message));
  }, [id]);

  return (
    <section aria-label="已配对的Listing" className="mt-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700">
      <div className="mb-2 flex items-center justify-between">
        <h2 className="font-semibold">已配对的Listing</h2>
        <button type="button" className="text-sm text-sky-700 hover:underline dark:text-sky-300" onClick={() => openTab("SKU配对", "/amazon/listing/relation")}>
          去SKU配对
        </button>
      </div>
      {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
      {!error && rows === null && <p className="text-sm text-slate-500">加载中...</p>}
      {rows?.length === 0 && <p className="text-sm text-slate-500">暂无数据！</p>}
      {rows?.length > 0 && (
        <table className="min-w-full text-left text-sm">
          <thead className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
            <tr>
              {["店铺", "站点", "平台SKU", "FNSKU", "ASIN"].map((h) => (
                <th key={h} scope="col" className="px-3 py-2 font-medium">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
            {rows.map((l) => (
              <tr key={l.id}>
                <td className="px-3 py-2">{l.groupName}</td>
                <td className="px-3 py-2">{l.marketplaceName}</td>
                <td className="px-3 py-2">{l.sellerSku}</td>
                <td className="px-3 py-2">{l.fnsku || "—"}</td>
                <td className="px-3 py-2">{l.asin || "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
