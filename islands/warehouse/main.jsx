// The warehouse list screens, one island for all of them (the page's props name the screen): 仓库, 库存数量 (the
// stock list), 库存流水 and the 入库单 and 出库单 lists. A document's create and detail pages are the same island
// built apart (document.jsx): a list tab then loads none of their code (more than half of the warehouse screens').
import { mount } from "../lib/mount.js";
import Documents from "./Documents.jsx";
import Record from "./Record.jsx";
import Stock from "./Stock.jsx";
import Warehouses from "./Warehouses.jsx";

function WarehouseScreen({ screen, permissions }) {
  if (screen === "warehouses") return <Warehouses permissions={permissions} />;
  if (screen === "record") return <Record permissions={permissions} />;
  if (screen === "stock") return <Stock permissions={permissions} />;
  return <Documents kind={screen.startsWith("inbound") ? "inbound" : "outbound"} permissions={permissions} />;
}

mount("warehouse", WarehouseScreen);
