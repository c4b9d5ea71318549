// A stock document's create page (/e/w/i, /e/w/o, /e/w/s, /e/w/t, /e/w/e/c, /e/w/os/s, /e/w/os/i) and detail page (/e/w/i/d, /e/w/o/d, /e/w/s/d, /e/w/t/d, /e/w/e/d, /e/w/os/d, /e/w/os/r): the warehouse island
// of those pages, built apart from the list screens (main.jsx) so that each loads only its own code.
import { mount } from "../lib/mount.js";
import DocumentDetail from "./DocumentDetail.jsx";
import DocumentNew from "./DocumentNew.jsx";
import ExchangeNew from "./ExchangeNew.jsx";
import { ProcessNew } from "./Process.jsx";
import StocktakeDetail from "./StocktakeDetail.jsx";
import StocktakeNew from "./StocktakeNew.jsx";
import TransferDetail from "./TransferDetail.jsx";
import { kindOf } from "./shared.jsx";

function DocumentScreen({ screen, id, permissions }) {
  const kind = kindOf(screen);
  if (kind === "stocktake") return screen.endsWith("New") ? <StocktakeNew /> : <StocktakeDetail id={id} permissions={permissions} />;
  if (kind === "exchange" && screen.endsWith("New")) return <ExchangeNew />;
  if (kind === "process" && screen.endsWith("New")) return <ProcessNew />;
  if (screen.endsWith("New")) return <DocumentNew kind={kind} />;
  if (kind === "transfer" || kind === "overseasIn") return <TransferDetail kind={kind} id={id} permissions={permissions} />;
  return <DocumentDetail kind={kind} id={id} permissions={permissions} />;
}

mount("warehouse", DocumentScreen);
