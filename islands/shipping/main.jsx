// The FBA shipment screens, one island for all (the page's props name the screen): 发货计划 (the plan list),
// 发货计划提交 (a plan's form), 货件处理 (the shipment list with hand entry and import), the handling steps, 货件同步
// (Amazon's shipments) and 添加货件发票 (a shipment's customs invoice).
import { mount } from "../lib/mount.js";
import AmazonShipments from "./AmazonShipments.jsx";
import Invoice from "./Invoice.jsx";
import Plans from "./Plans.jsx";
import PlanEdit from "./PlanEdit.jsx";
import Shipments from "./Shipments.jsx";
import ShipStep from "./ShipStep.jsx";
import Transportation, { TransportationDetail, TransportationEdit } from "./Transportation.jsx";

const SCREENS = {
  plans: Plans,
  planEdit: PlanEdit,
  shipments: Shipments,
  shipstep: ShipStep,
  amazonShipments: AmazonShipments,
  transportation: Transportation,
  transportationEdit: TransportationEdit,
  transportationDetail: TransportationDetail,
  invoice: Invoice,
};

function Ship({ screen, ...props }) {
  const Screen = SCREENS[screen];
  return Screen ? <Screen {...props} /> : null;
}

mount("ship", Ship);
