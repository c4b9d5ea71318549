// An order's detail, in the browser's own modal <dialog>: the order, what it bought of each SKU (prices, taxes,
// promotions) and what its settlements booked (fees and charges), money in the order's currency.
import { useEffect, useRef, useState } from "react";
import { api } from "../lib/api.js";
import { money } from "../lib/money.js";

const th = "whitespace-nowrap border-b border-slate-200 px-2 py-1 text-left font-semibold dark:border-slate-600";
const td = "border-b border-slate-100 px-2 py-1 dark:border-slate-700";

function Field({ label, children }) {
  return (
    <div className="flex gap-2">
      <dt className="w-28 shrink-0 text-slate-500">{label}</dt>
      <dd>{children || "-"}</dd>
    </div>
  );
}

function Table({ label, heads, rows }) {
  return (
    <table aria-label={label} className="w-full text-sm">
      <thead>
        <tr>
          {heads.map((h) => (
            <th key={h} className={th}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((cells, i) => (
          <tr key={i}>
            {cells.map((c, j) => (
              <td key={j} className={td}>
                {c}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function OrderDetail({ url, onClose }) {
  const dialog = useRef(null);
  const [order, setOrder] = useState(null);
  const [error, setError] = useState("");

  useEffect(() => {
    dialog.current.showModal();
    api(url)
      .then(({ data }) => setOrder(data))
      .catch((e) => setError(e.message));
  }, [url]);

  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="order-detail-title" className="m-auto w-[960px] max-w-[95vw] rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-800 dark:text-slate-100">
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2 dark:border-slate-600">
        <h2 id="order-detail-title" className="font-semibold">
          订单详情 {order?.amazonOrderId}
        </h2>
        <button type="button" aria-label="关闭" className="text-xl leading-none text-slate-400 hover:text-slate-700" onClick={() => dialog.current.close()}>
          ×
        </button>
      </div>
      <div className="max-h-[75vh] space-y-4 overflow-auto px-4 py-3 text-sm">
        {error && <p className="text-red-700">{error}</p>}
        {!order && !error && <p className="text-slate-500">加载中...</p>}
        {order && (
          <>
            <dl className="grid grid-cols-2 gap-1">
              <Field label="订单号">{order.amazonOrderId}</Field>
              <Field label="店铺 / 站点">{`${order.groupName} / ${order.marketplaceName}`}</Field>
              <Field label="下单时间(北京)">{order.purchaseDate}</Field>
              <Field label="下单时间(站点)">{order.purchaseDateLocal}</Field>
              <Field label="订单状态">{order.statusName}</Field>
              <Field label="配送方式">{`${order.channelName} · ${order.shipServiceLevel}`}</Field>
              <Field label="收货地">{[order.shipCity, order.shipState, order.shipPostalCode, order.shipCountry].filter(Boolean).join(", ")}</Field>
              <Field label="最后更新">{order.lastUpdatedDate}</Field>
            </dl>
            <section>
              <h3 className="mb-1 font-semibold">商品</h3>
              <Table
                label="订单商品"
                heads={["SKU", "ASIN", "商品名称", "数量", "商品价格", "税费", "运费", "运费税", "促销折扣", "运费折扣", "促销编号"]}
                rows={order.items.map((it) => [it.sku, it.asin, it.productName, it.quantity, it.itemPrice, it.itemTax, it.shippingPrice, it.shippingTax, it.itemPromotionDiscount, it.shipPromotionDiscount, it.promotionIds])}
              />
              <p className="mt-1 text-right">
                订单总数量：{order.orderQuantity}，订单总额：{money(order.orderSales, order.currency)}
              </p>
            </section>
            <section>
              <h3 className="mb-1 font-semibold">结算费用</h3>
              {order.fees.length === 0 ? (
                <p className="text-slate-500">该订单尚未结算</p>
              ) : (
                <>
                  <Table
                    label="结算费用"
                    heads={["结算时间", "交易类型", "费用类型", "费用说明", "SKU", "金额"]}
                    rows={order.fees.map((f) => [f.postedDate, f.transactionType, f.amountType, f.amountDescription, f.sku, f.amount])}
                  />
                  <p className="mt-1 text-right">结算合计：{order.settled.join("，")}</p>
                </>
              )}
            </section>
          </>
        )}
      </div>
    </dialog>
  );
}
