// The warehouse screens, one island for all of them (the page's props name the screen): 仓库, 库存数量 (the stock
// list), 库存流水, the 入库单 and 出库单 lists, their create pages (/e/w/i, /e/w/o) and their detail
// pages (/e/w/i/d, /e/w/o/d).
import { mount } from "../lib/mount.js";
import DocumentDetail from "./DocumentDetail.jsx";
import DocumentNew from "./DocumentNew.jsx";
import Documents from "./Documents.jsx";
import Record from "./Record.jsx";
import Stock from "./Stock.jsx";
import Warehouses from "./Warehouses.jsx";

function WarehouseScreen({ screen, id, permissions }) {
  if (screen === "warehouses") return <Warehouses permissions={permissions} />;
  if (screen === "record") return <Record permissions={permissions} />;
  if (screen === "stock") return <Stock permissions={permissions} />;
  const kind = screen.startsWith("inbound") ? "inbound" : "outbound";
  if (screen.endsWith("New")) return <DocumentNew kind={kind} />;
  if (screen.endsWith("Detail")) return <DocumentDetail kind={kind} id={id} permissions={permissions} />;
  return <Documents kind={kind} permissions={permissions} />;
}

mount("warehouse", WarehouseScreen);
