// What the profit screens share: the API prefix, the looks of fields, and the store and marketplace filters.
import { useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { toast } from "../lib/toast.js";
import { StoreSelects } from "../lib/StoreSelects.jsx";

export const AMZ = "/amazon/api/v1";
const ERP = "/erp/api/v1";
export const button = "rounded-md bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-50";
export const input = "rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";

// StoreFilterSelects are the store group and marketplace filters, of the groups the user may see and every
// marketplace.
export function StoreFilterSelects() {
  const [markets, setMarkets] = useState([]);
  useEffect(() => {
    api(`${ERP}/listing/marketplaces`)
      .then(({ data }) => setMarkets((data || []).map((m) => [m.id, `${m.name}（${m.country}）`])))
      .catch((e) => toast(e.message, "error"));
  }, []);
  return <StoreSelects marketplaces={markets} />;
}
