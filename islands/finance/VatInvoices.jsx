// VAT发票: a month's orders of the European marketplaces with the VAT inside their prices (the marketplace's
// standard rate), summed by marketplace; the store groups' VAT numbers; and each order's invoice, issued with the
// next number of its store and marketplace and printed as a PDF in the buyer's language.
import { useEffect, useState } from "react";
import { api } from "../lib/api.js";
import FormDialog from "../lib/FormDialog.jsx";
import { money } from "../lib/money.js";
import { can } from "../lib/permissions.js";
import { useStoreGroups } from "../lib/StoreSelects.jsx";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";
import { AMZ, button, input, plainButton, thisMonth } from "./shared.js";

const ISSUE = "amz:vat:invoice:issue";
const CONFIG = "amz:vat:setting:edit";
const head = "whitespace-nowrap px-3 py-2 font-medium";
const num = "whitespace-nowrap px-3 py-1.5 text-right tabular-nums";

// printInvoice issues the order's invoice (or reads the one it has) and downloads its PDF.
async function printInvoice(row, done) {
  try {
    const { data } = await api(`${AMZ}/vat/issue`, { method: "POST", body: { id: row.id } });
    const link = document.createElement("a");
    link.href = `${AMZ}/vat/pdf?id=${encodeURIComponent(row.id)}`;
    link.download = `${data.number}.pdf`;
    document.body.appendChild(link);
    link.click();
    link.remove();
    toast(`发票 ${data.number}`);
    done();
  } catch (e) {
    toast(e.message, "error");
  }
}

export default function VatInvoices({ permissions }) {
  const [month, setMonth] = useState(thisMonth());
  const [sums, setSums] = useState(null);
  const [market, setMarket] = useState("");
  const [settings, setSettings] = useState(null);
  const [editing, setEditing] = useState(null);
  // reload counts the saved settings: enrolling a store in VCS (or leaving it) changes where its orders' VAT comes
  // from, so the sums and the orders are read again.
  const [reload, setReload] = useState(0);
  const groups = useStoreGroups();

  const loadSums = (m = month) =>
    api(`${AMZ}/vat/month`, { method: "POST", body: { month: m } })
      .then(({ data }) => setSums(data))
      .catch((e) => toast(e.message, "error"));
  const loadSettings = () =>
    api(`${AMZ}/vat/settings`)
      .then(({ data }) => setSettings(data))
      .catch((e) => toast(e.message, "error"));
  useEffect(() => {
    loadSums();
    loadSettings();
  }, []);

  return (
    <section aria-label="VAT发票" className="space-y-4 text-sm">
      <form
        className="flex flex-wrap items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          loadSums(month);
        }}
      >
        <label className="flex items-center gap-1">
          月份
          <input type="month" aria-label="月份" className={input} value={month} onChange={(e) => setMonth(e.target.value)} />
        </label>
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      {sums === null ? (
        <p className="text-slate-500 dark:text-slate-400">加载中...</p>
      ) : sums.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-4 text-slate-600 dark:border-slate-600 dark:text-slate-300">
          {month} 没有欧洲站点的订单：授权欧洲站点的店铺后在“数据同步”中同步订单，或换一个月份查询。
        </p>
      ) : (
        <div className="overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
          <table className="min-w-full text-left" aria-label="各站点VAT">
            <thead className="bg-slate-50 dark:bg-slate-800">
              <tr>
                <th className={head}>站点</th>
                <th className={head}>标准税率</th>
                <th className={`${head} text-right`}>订单数</th>
                <th className={`${head} text-right`}>已开发票</th>
                <th className={`${head} text-right`}>含税金额</th>
                <th className={`${head} text-right`}>VAT</th>
                <th className={`${head} text-right`}>不含税金额</th>
                <th className={head}>VAT来源</th>
                <th className={head} />
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
              {sums.map((s) => (
                <tr key={s.marketplaceId} data-market={s.country} className={market === s.marketplaceId ? "bg-sky-50 dark:bg-slate-700" : ""}>
                  <td className="whitespace-nowrap px-3 py-1.5 font-medium">{s.country}</td>
                  <td className="px-3 py-1.5">{s.rate}</td>
                  <td className={num}>{s.orders}</td>
                  <td className={num}>{s.invoiced}</td>
                  <td className={num}>{money(Number(s.gross), s.currency)}</td>
                  <td className={`${num} font-semibold`} data-vat>
                    {money(Number(s.vat), s.currency)}
                  </td>
                  <td className={num}>{money(Number(s.net), s.currency)}</td>
                  <td className="whitespace-nowrap px-3 py-1.5" data-source>
                    {s.reportOrders === 0 ? "按标准税率计算" : s.reportOrders === s.orders ? "VAT交易报告" : `VAT交易报告 ${s.reportOrders} 单，其余按税率计算`}
                  </td>
                  <td className="whitespace-nowrap px-3 py-1.5">
                    <button type="button" className="text-sky-700 hover:underline dark:text-sky-300" onClick={() => setMarket(market === s.marketplaceId ? "" : s.marketplaceId)}>
                      {market === s.marketplaceId ? "全部站点" : "订单"}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div>
        <h2 className="mb-2 font-semibold">
          {month} 订单VAT <span className="font-normal text-slate-500 dark:text-slate-400">{market ? sums?.find((s) => s.marketplaceId === market)?.country : "（全部欧洲站点）"}</span>
        </h2>
        <DataTable
          key={`${month}/${market}/${reload}`}
          filters={{ month, marketplaceId: market }}
          queryname="vatOrderList"
          source={`${AMZ}/vat/orders/page`}
          exportUrl={`${AMZ}/vat/orders/export`}
          permissions={permissions}
          actions={[{ label: "打印发票", permission: ISSUE, run: printInvoice }]}
          noun="个订单"
          rowName={(row) => row.amazonOrderId}
          empty="该月没有欧洲站点的订单。"
        />
      </div>
      <div>
        <div className="mb-2 flex items-center gap-2">
          <h2 className="font-semibold">VAT税号设置</h2>
          {can(permissions, CONFIG) && (
            <button type="button" className={plainButton} onClick={() => setEditing({})}>
              设置VAT税号
            </button>
          )}
        </div>
        {settings?.settings.length ? (
          <div className="overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
            <table className="min-w-full text-left" aria-label="VAT税号">
              <thead className="bg-slate-50 dark:bg-slate-800">
                <tr>
                  <th className={head}>店铺</th>
                  <th className={head}>站点</th>
                  <th className={head}>VAT税号</th>
                  <th className={head}>开票公司</th>
                  <th className={head}>发票号前缀</th>
                  <th className={head}>VAT计算服务</th>
                  <th className={head} />
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
                {settings.settings.map((s) => (
                  <tr key={`${s.groupId}/${s.marketplaceId}`}>
                    <td className="px-3 py-1.5">{s.groupName}</td>
                    <td className="px-3 py-1.5">{s.marketplaceName}</td>
                    <td className="px-3 py-1.5 font-medium">{s.vatNumber}</td>
                    <td className="px-3 py-1.5">{s.sellerName}</td>
                    <td className="px-3 py-1.5">{s.prefix}</td>
                    <td className="px-3 py-1.5">{s.vcsEnrolled ? "已开通" : "未开通"}</td>
                    <td className="px-3 py-1.5">
                      {can(permissions, CONFIG) && (
                        <button type="button" className="text-sky-700 hover:underline dark:text-sky-300" onClick={() => setEditing(s)}>
                          编辑
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="rounded-md border border-dashed border-slate-300 p-4 text-slate-600 dark:border-slate-600 dark:text-slate-300">
            还没有VAT税号：点“设置VAT税号”为每个店铺在欧洲站点填写税号和开票公司，之后才能开具发票。
          </p>
        )}
      </div>
      {editing && settings && (
        <FormDialog
          title="设置VAT税号"
          fields={[
            { name: "groupId", label: "店铺", options: groups.map((g) => [String(g.id), g.name]), default: groups[0] ? String(groups[0].id) : "" },
            { name: "marketplaceId", label: "站点", options: settings.marketplaces.map((m) => [m.id, `${m.name}（${m.rate}）`]), default: settings.marketplaces[1]?.id },
            { name: "vatNumber", label: "VAT税号", required: true, hint: "国家代码加号码，例如DE123456789" },
            { name: "sellerName", label: "开票公司名称", required: true },
            { name: "sellerAddress", label: "开票地址", type: "textarea" },
            { name: "prefix", label: "发票号前缀", hint: "不填为站点国家代码；发票号为前缀-6位序号，同一VAT税号在同一站点连续编号（多个店铺共用一个税号时共用序号）" },
            { name: "vcs", label: "亚马逊VAT计算服务（VCS）", choices: [["1", "已开通：同步VAT交易报告，订单VAT取自报告"]] },
          ]}
          initial={{ ...editing, vcs: editing.vcsEnrolled ? ["1"] : [] }}
          onSubmit={async ({ vcs, ...values }) => {
            await api(`${AMZ}/vat/setting`, { method: "POST", body: { ...values, vcsEnrolled: vcs.includes("1") } });
            toast("已保存");
            loadSettings();
            loadSums();
            setReload((n) => n + 1);
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
