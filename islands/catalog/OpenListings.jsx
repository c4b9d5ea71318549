// 在售报告: the listings of the user's store groups as Amazon's all-listings report gives them (title, price in its
// currency, quantity, status, fulfilment channel, open date) with the local product each is paired with, found by
// store, marketplace, status, channel and a seller SKU, ASIN or title, and exported.
import { useState } from "react";
import { PlaceSelects } from "../lib/StoreSelects.jsx";
import DataTable from "../table/DataTable.jsx";
import { ERP, Thumbnail, button, input, openTab } from "./shared.jsx";

const link = "mx-1 font-medium text-sky-700 underline hover:text-sky-900 dark:text-sky-400";

export default function OpenListings({ permissions }) {
  const [filtered, setFiltered] = useState(false);


  return (
    <section aria-label="在售报告">
      <form id="open-listing-filter" className="mb-2 flex flex-wrap items-center gap-2 text-sm" onSubmit={() => setFiltered(true)}>
        <PlaceSelects />
        <select name="status" aria-label="状态" className={input} defaultValue="">
          <option value="">全部状态</option>
          <option value="Active">在售</option>
          <option value="Inactive">不可售</option>
        </select>
        <select name="channel" aria-label="配送方式" className={input} defaultValue="">
          <option value="">全部配送</option>
          <option value="FBA">FBA</option>
          <option value="FBM">FBM</option>
        </select>
        <input name="keyword" type="search" aria-label="平台SKU、ASIN或标题" placeholder="平台SKU / ASIN / 标题" className={`w-56 max-w-full ${input}`} />
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <DataTable
        queryname="openListingList"
        source={`${ERP}/listing/open`}
        exportUrl={`${ERP}/listing/open/export`}
        filterForm="open-listing-filter"
        permissions={permissions}
        renders={{
          productSku: (row) =>
            row.productId ? (
              <span className="inline-flex items-center gap-2" title={row.productName}>
                <Thumbnail src={row.productImage} size="h-8 w-8" />
                {row.productSku}
              </span>
            ) : (
              <span className="text-slate-400">未配对</span>
            ),
          statusName: (row) =>
            row.status === "Active" ? (
              <span className="text-emerald-700 dark:text-emerald-400">{row.statusName}</span>
            ) : (
              <span className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-600 dark:bg-slate-700 dark:text-slate-300">{row.statusName}</span>
            ),
        }}
        noun="Listing"
        rowName={(row) => row.sellerSku}
        empty={
          !filtered && (
            <>
              还没有在售商品报告的数据。下一步：到
              <button type="button" className={link} onClick={() => openTab("数据同步", "/amazon/datasync")}>
                数据同步
              </button>
              同步“在售商品”，或上传从卖家平台下载的在售商品报告（All Listings Report）。
            </>
          )
        }
      />
    </section>
  );
}
