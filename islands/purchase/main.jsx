// 采购单: the list (/erp/purchase/orders) and an order's page (/e/p/o: new without an id, its detail with one);
// 亚马逊补货计划 (/erp/purchase/plan): the suggestions with their arithmetic, 采购计划提交 (/e/p/p/s) its orders, 欧洲拆分发货
// (/e/s/p/e) an EU pool's shipment split by marketplace; 采购报表 (/erp/purchase/reports).
// 付款申请: the list with what is owed (/erp/finance/payment) and a request's page (/f/p/d).
// 1688账号绑定 (/erp/purchase/binding), 1688结算 (/erp/finance/alibaba) and an order's settlement (/e/f/s).
import { mount } from "../lib/mount.js";
import Alibaba from "./Alibaba.jsx";
import AlibabaOrder from "./AlibabaOrder.jsx";
import AlibabaPay from "./AlibabaPay.jsx";
import EuSplit from "./EuSplit.jsx";
import OrderDetail from "./OrderDetail.jsx";
import OrderForm from "./OrderForm.jsx";
import Orders from "./Orders.jsx";
import PaymentDetail from "./PaymentDetail.jsx";
import Payments from "./Payments.jsx";
import PlanSubmit from "./PlanSubmit.jsx";
import Replenishment from "./Replenishment.jsx";
import Report from "./Report.jsx";

function PurchaseScreen({ screen, id, permissions }) {
  if (screen === "orders") return <Orders permissions={permissions} />;
  if (screen === "report") return <Report permissions={permissions} />;
  if (screen === "plan") return <Replenishment permissions={permissions} />;
  if (screen === "planSubmit") return <PlanSubmit permissions={permissions} />;
  if (screen === "euSplit") return <EuSplit permissions={permissions} />;
  if (screen === "payments") return <Payments permissions={permissions} />;
  if (screen === "payment") return <PaymentDetail id={id} permissions={permissions} />;
  if (screen === "alibaba") return <Alibaba permissions={permissions} />;
  if (screen === "alibabaPay") return <AlibabaPay permissions={permissions} />;
  if (screen === "alibabaOrder") return <AlibabaOrder id={id} />;
  if (id) return <OrderDetail id={id} permissions={permissions} />;
  return <OrderForm />;
}

mount("purchase", PurchaseScreen);
